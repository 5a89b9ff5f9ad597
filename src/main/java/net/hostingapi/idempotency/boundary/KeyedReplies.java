package net.hostingapi.idempotency.boundary;

import jakarta.ws.rs.core.Response;
import java.time.Duration;
import java.time.Instant;
import net.hostingapi.idempotency.control.IdempotencyKey;
import net.hostingapi.idempotency.control.IdempotencyKeys;
import net.hostingapi.idempotency.control.IdempotencyMessages;
import net.hostingapi.idempotency.control.StoredKey;
import net.hostingapi.platform.envelope.boundary.Reply;
import net.hostingapi.platform.messages.control.ApiException;

/** What a request whose key is stored already is answered. */
final class KeyedReplies {

    static final String REPLAYED = "Idempotent-Replayed";

    /**
     * How long a stored key may wait for its answer: its request committed and is writing it.
     * Past that its instance died in between, and the answer is lost (see {@link #of}).
     */
    static final Duration ANSWER_WAIT = Duration.ofSeconds(30);

    private KeyedReplies() {}

    /**
     * The stored answer, with {@code Idempotent-Replayed: true}; for another request under the
     * key 422; while the first has committed but not answered yet 409 to retry. An answer that
     * was never stored (its instance died after the commit) is a success that says the request
     * was carried out, without data: the change is stored, what it answered is not.
     */
    static Response of(IdempotencyKey key, StoredKey stored) {
        if (!key.sameRequest(stored.fingerprint())) {
            throw reused();
        }
        if (!stored.answered()) {
            if (Duration.between(stored.createdAt(), Instant.now()).compareTo(ANSWER_WAIT) < 0) {
                throw IdempotencyKeys.inProgress();
            }
            return Response.ok(Reply.ok(IdempotencyMessages.ALREADY_CARRIED_OUT, (jakarta.json.JsonObject) null))
                    .header(REPLAYED, "true")
                    .build();
        }
        Response.ResponseBuilder answer = Response.status(stored.status()).header(REPLAYED, "true");
        if (stored.headers() != null) {
            for (String line : stored.headers().split("\n")) {
                int colon = line.indexOf(':');
                if (colon > 0) {
                    answer.header(
                            line.substring(0, colon), line.substring(colon + 1).strip());
                }
            }
        }
        if (stored.answer() != null && stored.answer().length > 0) {
            answer.entity(stored.answer());
        }
        return answer.build();
    }

    static ApiException reused() {
        return new ApiException(
                422,
                IdempotencyMessages.IDEMPOTENCY_KEY_REUSED,
                "The Idempotency-Key was used for another request (method, path, parameters or body differ):"
                        + " use a new key for a new request");
    }
}
