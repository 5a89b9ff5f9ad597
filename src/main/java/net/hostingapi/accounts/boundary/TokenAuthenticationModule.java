package net.hostingapi.accounts.boundary;

import jakarta.security.auth.message.AuthException;
import jakarta.security.auth.message.AuthStatus;
import jakarta.security.auth.message.MessageInfo;
import jakarta.security.auth.message.MessagePolicy;
import jakarta.security.auth.message.callback.CallerPrincipalCallback;
import jakarta.security.auth.message.callback.GroupPrincipalCallback;
import jakarta.security.auth.message.module.ServerAuthModule;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.security.Principal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Logger;
import javax.security.auth.Subject;
import javax.security.auth.callback.Callback;
import javax.security.auth.callback.CallbackHandler;
import javax.security.auth.callback.UnsupportedCallbackException;
import net.hostingapi.accounts.control.ApiPrincipal;
import net.hostingapi.accounts.control.FailedAuthentications;
import net.hostingapi.accounts.control.TokenAuthentication;
import net.hostingapi.accounts.entity.Right;
import net.hostingapi.platform.logging.boundary.RequestCaller;
import net.hostingapi.platform.parameters.boundary.BufferedRequest;
import net.hostingapi.platform.parameters.boundary.RequestBodies;
import net.hostingapi.platform.parameters.boundary.RequestParameters;
import net.hostingapi.platform.requests.boundary.ClientAddresses;

/**
 * Container-managed authentication (Jakarta Authentication, registered by
 * {@link TokenAuthenticationSetup}): the token from {@code Authorization: Bearer} or the
 * {@code authToken} parameter (query or body; the header wins) becomes the container's caller,
 * with the token's rights as its groups, which are its roles, plus {@link Right.Names#CALLER}. So
 * {@code @RolesAllowed} holds on resources and on EJBs, and EJBs see the caller with
 * {@code getCallerPrincipal()}.
 * <p>
 * It never answers a request itself: without a usable token it lets the request through
 * anonymously and records why, and {@code AccessFilter} refuses in the envelope where a
 * protected operation was asked for. Every token presented is looked up, also from an address
 * past the failure limit: a valid one must keep working there (see {@link FailedAuthentications}).
 * <p>
 * A module of its own rather than a Jakarta Security {@code HttpAuthenticationMechanism}: Payara's
 * bridge to such a mechanism looked the mechanism up through JNDI twice per request, building an
 * exception each time, a sixteenth of a zone show's CPU.
 */
final class TokenAuthenticationModule implements ServerAuthModule {

    private static final Logger LOG = Logger.getLogger(TokenAuthenticationModule.class.getName());

    private final TokenAuthentication tokens;
    private final ClientAddresses clientAddresses;
    private final RequestBodies bodies;
    private CallbackHandler container;

    TokenAuthenticationModule(TokenAuthentication tokens, ClientAddresses clientAddresses, RequestBodies bodies) {
        this.tokens = tokens;
        this.clientAddresses = clientAddresses;
        this.bodies = bodies;
    }

    @Override
    public void initialize(
            MessagePolicy requestPolicy,
            MessagePolicy responsePolicy,
            CallbackHandler handler,
            @SuppressWarnings("rawtypes") Map options) {
        this.container = handler;
    }

    @Override
    public Class<?>[] getSupportedMessageTypes() {
        return new Class<?>[] {HttpServletRequest.class, HttpServletResponse.class};
    }

    @Override
    public AuthStatus validateRequest(MessageInfo message, Subject client, Subject service) throws AuthException {
        HttpServletRequest request = (HttpServletRequest) message.getRequestMessage();
        String token = bearerToken(request);
        if (token == null) {
            token = tokenParameter(request, message);
        }
        if (token == null) {
            AuthenticationOutcome.NONE.recordOn(request);
            return anonymous(client);
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
            return anonymous(client);
        }
        if (caller.isEmpty()) {
            AuthenticationOutcome.INVALID.recordOn(request);
            return anonymous(client);
        }
        AuthenticationOutcome.AUTHENTICATED.recordOn(request);
        RequestCaller.record(request, caller.get().accountId(), caller.get().tokenId());
        List<String> roles = new ArrayList<>();
        roles.add(Right.Names.CALLER);
        caller.get().rights().forEach(r -> roles.add(r.name()));
        handle(
                new CallerPrincipalCallback(client, caller.get()),
                new GroupPrincipalCallback(client, roles.toArray(String[]::new)));
        return AuthStatus.SUCCESS;
    }

    /** Lets the request through without a caller (Jakarta Authentication's "unauthenticated" success). */
    private AuthStatus anonymous(Subject client) throws AuthException {
        handle(new CallerPrincipalCallback(client, (Principal) null));
        return AuthStatus.SUCCESS;
    }

    private void handle(Callback... callbacks) throws AuthException {
        try {
            container.handle(callbacks);
        } catch (IOException | UnsupportedCallbackException e) {
            throw (AuthException) new AuthException("The container refused the caller").initCause(e);
        }
    }

    @Override
    public AuthStatus secureResponse(MessageInfo message, Subject service) {
        return AuthStatus.SEND_SUCCESS;
    }

    @Override
    public void cleanSubject(MessageInfo message, Subject subject) {
        if (subject != null) {
            subject.getPrincipals().clear();
        }
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
    private String tokenParameter(HttpServletRequest request, MessageInfo message) {
        try {
            byte[] body =
                    RequestParameters.read(request, request.getContentLengthLong(), request.getInputStream(), bodies);
            if (body != null) {
                message.setRequestMessage(new BufferedRequest(request, body));
            }
        } catch (IOException e) {
            return null;
        }
        return RequestParameters.peekText(request, "authToken");
    }
}
