package net.hostingapi.datacenter.boundary;

import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.ext.Provider;
import net.hostingapi.datacenter.control.PublicRequestLimit;
import net.hostingapi.platform.limits.boundary.RateLimited;
import net.hostingapi.platform.requests.boundary.ClientAddresses;

/**
 * Counts every request to a {@link RateLimited} operation against its client address before
 * anything else is done for it, and refuses it with 429 past the limit.
 */
@Provider
@RateLimited
@Priority(Priorities.AUTHENTICATION - 100)
public class PublicRequestLimitFilter implements ContainerRequestFilter {

    @Context
    HttpServletRequest request;

    @Inject
    ClientAddresses clients;

    @Inject
    PublicRequestLimit limit;

    @Override
    public void filter(ContainerRequestContext context) {
        limit.admit(clients.of(request));
    }
}
