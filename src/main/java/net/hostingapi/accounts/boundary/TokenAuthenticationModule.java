package net.hostingapi.accounts.boundary;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.security.enterprise.AuthenticationStatus;
import jakarta.security.enterprise.authentication.mechanism.http.HttpAuthenticationMechanism;
import jakarta.security.enterprise.authentication.mechanism.http.HttpMessageContext;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Logger;
import net.hostingapi.accounts.control.ApiPrincipal;
import net.hostingapi.accounts.control.FailedAuthentications;
import net.hostingapi.accounts.control.TokenAuthentication;
import net.hostingapi.accounts.entity.Right;
import net.hostingapi.platform.boundary.BufferedRequest;
import net.hostingapi.platform.boundary.ClientAddresses;
import net.hostingapi.platform.boundary.RequestCaller;
import net.hostingapi.platform.boundary.RequestParameters;

/**
 * Container-managed authentication: the token from {@code Authorization: Bearer} or the
 * {@code authToken} parameter (query or body; the header wins) becomes the container's caller,
 * with the token's rights as roles plus {@link Right.Names#CALLER}. So {@code @RolesAllowed}
 * holds on resources and on EJBs, and EJBs see the caller with {@code getCallerPrincipal()}.
 * <p>
 * It never answers a request itself: without a usable token it lets the request through
 * anonymously and records why, and {@code AccessFilter} refuses in the envelope where a
 * protected operation was asked for. Every token presented is looked up, also from an address
 * past the failure limit: a valid one must keep working there (see {@link FailedAuthentications}).
 */
@ApplicationScoped
public class TokenAuthenticationMechanism implements HttpAuthenticationMechanism {

    private static final Logger LOG = Logger.getLogger(TokenAuthenticationMechanism.class.getName());

    @Inject
    TokenAuthentication tokens;

    @Inject
    ClientAddresses clientAddresses;

    @Override
    public AuthenticationStatus validateRequest(
            HttpServletRequest request, HttpServletResponse response, HttpMessageContext context) {
        String token = bearerToken(request);
        if (token == null) {
            token = tokenParameter(request, context);
        }
        if (token == null) {
            AuthenticationOutcome.NONE.recordOn(request);
            return context.doNothing();
        }
        Optional<ApiPrincipal> caller;
        try {
            caller = tokens.authenticate(token, clientAddresses.of(request));
        } catch (RuntimeException e) {
            // One line, not a stack trace: while the database is down every request comes here.
            Throwable root = e;
            while (root.getCause() != null && root.getCause() != root) {
                root = root.getCause();
            }
            String cause = root.toString();
            LOG.warning(() -> "Token lookup failed (answered 503): " + cause);
            AuthenticationOutcome.UNAVAILABLE.recordOn(request);
            return context.doNothing();
        }
        if (caller.isEmpty()) {
            AuthenticationOutcome.INVALID.recordOn(request);
            return context.doNothing();
        }
        AuthenticationOutcome.AUTHENTICATED.recordOn(request);
        RequestCaller.record(request, caller.get().accountId(), caller.get().tokenId());
        Set<String> roles = new HashSet<>();
        roles.add(Right.Names.CALLER);
        caller.get().rights().forEach(r -> roles.add(r.name()));
        return context.notifyContainerAboutLogin(caller.get(), roles);
    }

    private static String bearerToken(HttpServletRequest request) {
        String header = request.getHeader("Authorization");
        if (header != null && header.regionMatches(true, 0, "Bearer ", 0, 7)) {
            String token = header.substring(7).trim();
            return token.isEmpty() ? null : token;
        }
        return null;
    }

    /**
     * {@code authToken} from the query string or the body. Reading the body here consumes it, so
     * the request is replaced by one that replays it to JAX-RS.
     */
    private static String tokenParameter(HttpServletRequest request, HttpMessageContext context) {
        try {
            byte[] body = RequestParameters.read(request, request.getContentLengthLong(), request.getInputStream());
            if (body != null) {
                context.setRequest(new BufferedRequest(request, body));
            }
        } catch (IOException e) {
            return null;
        }
        return RequestParameters.peekText(request, "authToken");
    }
}
