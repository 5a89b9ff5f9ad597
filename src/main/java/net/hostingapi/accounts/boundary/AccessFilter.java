package net.hostingapi.accounts.boundary;

import jakarta.annotation.Priority;
import jakarta.annotation.security.PermitAll;
import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.ext.Provider;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import net.hostingapi.accounts.control.AccountMessages;
import net.hostingapi.accounts.control.FailedAuthentications;
import net.hostingapi.accounts.entity.Right;
import net.hostingapi.platform.messages.control.ApiException;
import net.hostingapi.platform.messages.control.CommonMessages;
import net.hostingapi.platform.messages.control.Message;
import net.hostingapi.platform.parameters.boundary.RequestParameters;
import net.hostingapi.platform.requests.boundary.ClientAddresses;
import net.hostingapi.platform.requests.boundary.ServletRequests;

/**
 * The one place rights are checked at the HTTP edge, before the container's own
 * {@code @RolesAllowed} check (which would answer with an HTML page): reads the operation's
 * {@code @RolesAllowed}/{@code @PermitAll} and refuses in the envelope: no token or a bad one
 * 401, a missing right 403 naming it, a bad token past the failure limits 429.
 */
@Provider
@Priority(Priorities.AUTHENTICATION)
public class AccessFilter implements ContainerRequestFilter {

    @Context
    ResourceInfo resource;

    @Context
    HttpServletRequest servletRequest;

    @Inject
    FailedAuthentications failures;

    @Inject
    ClientAddresses clients;

    @Override
    public void filter(ContainerRequestContext context) {
        HttpServletRequest request = ServletRequests.of(context, servletRequest);
        RequestParameters.of(request); // a body that could not be read is refused (400/413/415) before anything else
        Method method = resource.getResourceMethod();
        // OPTIONS is Jersey's own answer (the allowed methods), never an operation: no token needed.
        if (method == null || isPublic(method) || "OPTIONS".equals(context.getMethod())) {
            return;
        }
        switch (AuthenticationOutcome.of(request)) {
            case NONE ->
                throw new ApiException(
                        401,
                        List.of(Message.of(CommonMessages.AUTHENTICATION_REQUIRED)),
                        Map.of("WWW-Authenticate", "Bearer"));
            case INVALID -> {
                // Past the limit a failure is 429 rather than 401; a hit would still be 200, but
                // with 256-bit tokens a hit is not what a limit has to prevent (api.md, Accounts: decisions).
                long wait = failures.fail(clients.of(request));
                if (wait > 0) {
                    throw ApiException.tooManyRequests(AccountMessages.TOO_MANY_FAILED_AUTHENTICATIONS, wait);
                }
                throw new ApiException(
                        401,
                        List.of(Message.of(AccountMessages.TOKEN_INVALID)),
                        Map.of("WWW-Authenticate", "Bearer error=\"invalid_token\""));
            }
            case UNAVAILABLE ->
                throw ApiException.unavailable("Authentication is unavailable: the database cannot be reached", 5);
            case AUTHENTICATED -> requireOneOf(rolesOf(method), context);
        }
    }

    private static void requireOneOf(String[] roles, ContainerRequestContext context) {
        if (Arrays.stream(roles).anyMatch(role -> context.getSecurityContext().isUserInRole(role))) {
            return;
        }
        String names = Arrays.stream(roles).collect(Collectors.joining(" or "));
        throw new ApiException(403, CommonMessages.RIGHT_MISSING, "The API token lacks the right " + names);
    }

    private static boolean isPublic(Method method) {
        if (method.isAnnotationPresent(PermitAll.class)) {
            return true;
        }
        return !method.isAnnotationPresent(RolesAllowed.class)
                && method.getDeclaringClass().isAnnotationPresent(PermitAll.class);
    }

    /** Operations without any annotation need a valid token: forgetting one must not open an operation. */
    private static String[] rolesOf(Method method) {
        RolesAllowed allowed = method.getAnnotation(RolesAllowed.class);
        if (allowed == null) {
            allowed = method.getDeclaringClass().getAnnotation(RolesAllowed.class);
        }
        return allowed == null ? new String[] {Right.Names.CALLER} : allowed.value();
    }
}
