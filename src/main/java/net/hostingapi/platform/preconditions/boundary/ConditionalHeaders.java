package net.hostingapi.platform.preconditions.boundary;

import jakarta.inject.Inject;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.ext.Provider;
import java.util.List;
import net.hostingapi.platform.preconditions.control.RequestConditions;

/**
 * Hands If-Match and If-None-Match to the request's {@link RequestConditions}, where the services
 * compare them with the tag of the object they lock. Requests without them touch nothing.
 */
@Provider
public class ConditionalHeaders implements ContainerRequestFilter {

    @Inject
    RequestConditions conditions;

    @Override
    public void filter(ContainerRequestContext request) {
        String ifMatch = joined(request.getHeaders().get("If-Match"));
        String ifNoneMatch = joined(request.getHeaders().get("If-None-Match"));
        if (ifMatch != null || ifNoneMatch != null) {
            conditions.given(ifMatch, ifNoneMatch);
        }
    }

    /** Several header lines are one comma-separated list (RFC 9110, 5.3). */
    private static String joined(List<String> lines) {
        return lines == null || lines.isEmpty() ? null : String.join(",", lines);
    }
}
