package net.hostingapi.platform.requests.boundary;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.container.ContainerRequestContext;

/**
 * The servlet request itself for JAX-RS's filters, instead of the {@code @Context} proxy: every call
 * on that proxy looked the request up again in HK2's request scope, some fifteen lookups a request
 * (a profile of shows under 50 clients: 2 % of the service's CPU). The
 * outermost servlet filter keeps the request as one of its attributes, which Jersey hands out as
 * the request context's property; JAX-RS sees the same object, since no filter between wraps it.
 */
public final class ServletRequests {

    private static final String ATTRIBUTE = ServletRequests.class.getName();

    private ServletRequests() {}

    /** Called by {@code EdgeFilter} before the chain goes on to JAX-RS. */
    public static void remember(HttpServletRequest request) {
        request.setAttribute(ATTRIBUTE, request);
    }

    /** The request {@link #remember}ed, or {@code injected} (the proxy) when none was. */
    public static HttpServletRequest of(ContainerRequestContext context, HttpServletRequest injected) {
        return context.getProperty(ATTRIBUTE) instanceof HttpServletRequest request ? request : injected;
    }
}
