package net.hostingapi.idempotency.boundary;

import jakarta.ejb.EJB;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import net.hostingapi.idempotency.control.IdempotencyKeys;
import net.hostingapi.idempotency.control.KeyAlreadyUsed;
import net.hostingapi.idempotency.control.StoredKey;
import net.hostingapi.platform.envelope.boundary.Reply;
import net.hostingapi.platform.messages.control.ApiException;

/**
 * A request that found its key stored when it came to insert it (another request with the key
 * committed meanwhile, on another instance) is answered as if the key had been stored when it arrived.
 */
@Provider
public class KeyAlreadyUsedMapper implements ExceptionMapper<KeyAlreadyUsed> {

    @EJB
    IdempotencyKeys keys;

    @Override
    public Response toResponse(KeyAlreadyUsed used) {
        try {
            StoredKey stored =
                    keys.find(used.key().accountId(), used.key().key()).orElseThrow(IdempotencyKeys::inProgress);
            return KeyedReplies.of(used.key(), stored);
        } catch (ApiException e) {
            return Response.status(e.status()).entity(Reply.error(e)).build();
        }
    }
}
