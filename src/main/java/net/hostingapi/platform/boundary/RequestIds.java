package net.hostingapi.platform.boundary;

import jakarta.servlet.http.HttpServletRequest;
import java.util.UUID;

/** The server transaction id of a request: a fresh UUID, created by whoever asks first, kept as a request attribute. */
public final class RequestIds {

    private static final String ATTRIBUTE = RequestIds.class.getName();

    private RequestIds() {}

    public static String of(HttpServletRequest request) {
        Object id = request.getAttribute(ATTRIBUTE);
        if (id == null) {
            id = UUID.randomUUID().toString();
            request.setAttribute(ATTRIBUTE, id);
        }
        return (String) id;
    }
}
