package net.hostingapi.platform.parameters.boundary;

import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.ext.Provider;
import java.io.ByteArrayInputStream;
import net.hostingapi.platform.messages.control.ApiException;
import net.hostingapi.platform.messages.control.CommonMessages;
import net.hostingapi.platform.requests.boundary.ServletRequests;

/**
 * Reads every request's parameters before matching, from JAX-RS's own entity stream (Jersey may
 * already have peeked at the servlet stream), and puts the bytes back for anyone after it.
 * Failures (400/413/415) are kept and answered once the operation is known.
 */
@Provider
@PreMatching
@Priority(2)
public class ParameterReader implements ContainerRequestFilter {

    @Context
    HttpServletRequest servletRequest;

    @Inject
    RequestBodies bodies;

    @Override
    public void filter(ContainerRequestContext request) {
        // Jersey parses these headers lazily and, when one is not a media type, answers a bare 400
        // through the container (its HTML error page): refuse them here, in the envelope.
        try {
            request.getMediaType();
            request.getAcceptableMediaTypes();
        } catch (RuntimeException e) {
            throw ApiException.badRequest(
                    CommonMessages.MALFORMED_REQUEST, "The Content-Type or Accept header is not a media type");
        }
        HttpServletRequest servlet = ServletRequests.of(request, servletRequest);
        byte[] body =
                RequestParameters.read(servlet, servlet.getContentLengthLong(), request.getEntityStream(), bodies);
        if (body != null) {
            request.setEntityStream(new ByteArrayInputStream(body));
        }
    }
}
