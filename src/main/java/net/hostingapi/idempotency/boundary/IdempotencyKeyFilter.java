package net.hostingapi.idempotency.boundary;

import jakarta.annotation.Priority;
import jakarta.ejb.EJB;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.ext.Provider;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import net.hostingapi.accounts.control.ApiPrincipal;
import net.hostingapi.accounts.control.CurrentCaller;
import net.hostingapi.idempotency.control.IdempotencyKey;
import net.hostingapi.idempotency.control.IdempotencyKeys;
import net.hostingapi.idempotency.control.KeyedRequest;
import net.hostingapi.idempotency.control.StoredKey;
import net.hostingapi.platform.messages.control.ApiException;
import net.hostingapi.platform.messages.control.CommonMessages;

/**
 * Reads {@code Idempotency-Key} on every write (POST, PUT, DELETE) of an authenticated caller,
 * once its rights are checked: a key stored for the account answers from there
 * ({@link KeyedReplies}); a free one goes with the request to the transaction of its change
 * ({@link KeyedRequest}). The request it stands for is its method, path, query, media type and body.
 */
@Provider
@Priority(Priorities.AUTHORIZATION + 100)
public class IdempotencyKeyFilter implements ContainerRequestFilter {

    public static final String HEADER = "Idempotency-Key";

    private static final Set<String> WRITES = Set.of("POST", "PUT", "DELETE", "PATCH");

    @Context
    ResourceInfo resource;

    @Inject
    KeyedRequest keyed;

    @Inject
    InFlightKeys inFlight;

    @EJB
    IdempotencyKeys keys;

    @Inject
    CurrentCaller callers;

    @Override
    public void filter(ContainerRequestContext request) {
        List<String> headers = request.getHeaders().get(HEADER);
        if (headers == null || !WRITES.contains(request.getMethod()) || resource.getResourceMethod() == null) {
            return;
        }
        Optional<ApiPrincipal> caller = caller();
        if (caller.isEmpty()) {
            return; // public operations (machines booting) have no account to keep keys for: as without one
        }
        if (headers.size() != 1) {
            throw ApiException.badRequest(
                    CommonMessages.MALFORMED_REQUEST, "Send one Idempotency-Key header, not several");
        }
        String name;
        try {
            name = IdempotencyKey.parse(headers.get(0));
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest(
                    CommonMessages.MALFORMED_REQUEST, "The Idempotency-Key header " + e.getMessage());
        }
        IdempotencyKey key = new IdempotencyKey(
                caller.get().accountId(),
                name,
                IdempotencyKey.fingerprint(
                        List.of(
                                request.getMethod(),
                                request.getUriInfo().getRequestUri().getRawPath(),
                                String.valueOf(
                                        request.getUriInfo().getRequestUri().getRawQuery()),
                                String.valueOf(request.getHeaderString("Content-Type"))),
                        body(request)));
        Optional<StoredKey> stored = keys.find(key.accountId(), name);
        if (stored.isPresent() && !stored.get().expired()) {
            request.abortWith(KeyedReplies.of(key, stored.get()));
            return;
        }
        if (stored.isPresent()) {
            keys.forgetExpired(key.accountId(), name); // not pruned yet: free to be used afresh
        }
        IdempotencyKey running = inFlight.claim(key);
        if (running != null) {
            throw key.sameRequest(running.fingerprint()) ? IdempotencyKeys.inProgress() : KeyedReplies.reused();
        }
        request.setProperty(KeyedAnswers.CLAIMED, key);
        keyed.begin(key);
    }

    private Optional<ApiPrincipal> caller() {
        try {
            return Optional.of(callers.principal());
        } catch (ApiException e) {
            return Optional.empty();
        }
    }

    /** The body as the parameters were read from it ({@code ParameterReader} put the bytes back), put back again. */
    private static byte[] body(ContainerRequestContext request) {
        if (!request.hasEntity()) {
            return new byte[0];
        }
        try {
            byte[] body = request.getEntityStream().readAllBytes();
            request.setEntityStream(new ByteArrayInputStream(body));
            return body;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
