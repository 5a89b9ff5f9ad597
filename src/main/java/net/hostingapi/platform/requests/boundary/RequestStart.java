package net.hostingapi.platform.requests.boundary;

import jakarta.ws.rs.container.ContainerRequestContext;

/**
 * When a request reached the API, noted by the first JAX-RS filter ({@code PathNormalizer}) and read
 * by the envelope for the request log's time, which so includes everything JAX-RS did in between.
 */
public final class RequestStart {

    private static final String PROPERTY = RequestStart.class.getName();

    private RequestStart() {}

    public static void note(ContainerRequestContext request) {
        request.setProperty(PROPERTY, System.nanoTime());
    }

    /** Microseconds since the request was noted, or -1 when it was not. */
    public static long microsSince(ContainerRequestContext request) {
        return request.getProperty(PROPERTY) instanceof Long started ? (System.nanoTime() - started) / 1000 : -1;
    }
}
