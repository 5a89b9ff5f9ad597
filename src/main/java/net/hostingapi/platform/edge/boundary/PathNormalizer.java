package net.hostingapi.platform.edge.boundary;

import jakarta.annotation.Priority;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.core.UriBuilder;
import jakarta.ws.rs.ext.Provider;
import java.net.URI;
import java.util.regex.Pattern;
import net.hostingapi.platform.requests.boundary.RequestStart;

/** Repeated and trailing slashes are tolerated (api.md, Paths and methods): {@code /api/v1//dns/zones/} is {@code /api/v1/dns/zones}. */
@Provider
@PreMatching
@Priority(1)
public class PathNormalizer implements ContainerRequestFilter {

    /** Compiled once: String.replaceAll compiled it again for every request. */
    private static final Pattern REPEATED_SLASHES = Pattern.compile("/{2,}");

    @Override
    public void filter(ContainerRequestContext request) {
        RequestStart.note(request);
        URI uri = request.getUriInfo().getRequestUri();
        String path = uri.getRawPath();
        String normalized = REPEATED_SLASHES.matcher(path).replaceAll("/");
        if (normalized.length() > 1 && normalized.endsWith("/")) {
            normalized = normalized.substring(0, normalized.length() - 1);
        }
        if (!normalized.equals(path)) {
            request.setRequestUri(
                    request.getUriInfo().getBaseUri(),
                    UriBuilder.fromUri(uri).replacePath(normalized).build());
        }
    }
}
