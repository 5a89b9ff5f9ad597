package net.hostingapi.platform.parameters.boundary;

import jakarta.servlet.http.HttpServletRequest;
import java.io.InputStream;
import net.hostingapi.platform.messages.control.ApiException;
import net.hostingapi.platform.parameters.control.Parameters;

/**
 * A request's {@link Parameters}: parsed once per request, by whoever asks first (the
 * authentication module looking for {@code authToken}, or {@code ParameterReader}), and kept
 * as a request attribute, together with the failure when the body could not be read.
 */
public final class RequestParameters {

    private static final String ATTRIBUTE = Parameters.class.getName();

    private RequestParameters() {}

    /**
     * The request's parameters, as read by {@link #read}; throws the contract's 400/413/415 when
     * the body could not be read.
     */
    public static Parameters of(HttpServletRequest request) {
        Object cached = request.getAttribute(ATTRIBUTE);
        if (cached == null) {
            throw new IllegalStateException("The request's parameters were not read");
        }
        if (cached instanceof ApiException e) {
            throw e;
        }
        return (Parameters) cached;
    }

    /**
     * Reads the request's parameters from the query string and {@code body} (which the caller
     * must hand on to whoever reads the body next), once per request, the body under the
     * deadline and the per-address limit of {@link RequestBodies}.
     *
     * @return the body's bytes, or null when the parameters had been read already
     */
    public static byte[] read(HttpServletRequest request, long declaredLength, InputStream body, RequestBodies bodies) {
        if (request.getAttribute(ATTRIBUTE) != null) {
            return null;
        }
        byte[] bytes = new byte[0];
        try {
            bytes = Parameters.readBody(declaredLength, bodies.start(request, declaredLength, body));
            request.setAttribute(
                    ATTRIBUTE, Parameters.parse(request.getQueryString(), request.getContentType(), bytes));
        } catch (ApiException e) {
            request.setAttribute(ATTRIBUTE, e);
        }
        return bytes;
    }

    /** A single top-level text parameter, without marking the request as bound (for authentication). */
    public static String peekText(HttpServletRequest request, String name) {
        try {
            return of(request).peekText(name);
        } catch (ApiException | IllegalStateException e) {
            return null;
        }
    }
}
