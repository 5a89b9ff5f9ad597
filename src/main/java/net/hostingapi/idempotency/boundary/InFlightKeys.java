package net.hostingapi.idempotency.boundary;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import net.hostingapi.idempotency.control.IdempotencyKey;

/**
 * The keys of the requests this instance is working on: a second request with one of them is
 * answered at once (409 to retry, or 422 for another request) instead of queueing behind the
 * first on its database locks. Another instance's requests are found by those locks instead.
 */
@ApplicationScoped
public class InFlightKeys {

    /** A request never runs this long; an entry left by one whose end went unseen is then ignored. */
    private static final long STALE_NANOS = 10L * 60 * 1_000_000_000;

    private record Running(IdempotencyKey key, long since) {}

    private final Map<String, Running> running = new ConcurrentHashMap<>();

    /** Null when the key was free and is now this request's; else the request that holds it. */
    IdempotencyKey claim(IdempotencyKey key) {
        long now = System.nanoTime();
        Running mine = new Running(key, now);
        Running held = running.compute(
                name(key), (name, other) -> other == null || now - other.since() > STALE_NANOS ? mine : other);
        return held == mine ? null : held.key();
    }

    void release(IdempotencyKey key) {
        running.computeIfPresent(name(key), (name, held) -> held.key() == key ? null : held);
    }

    private static String name(IdempotencyKey key) {
        return key.accountId() + " " + key.key();
    }
}
