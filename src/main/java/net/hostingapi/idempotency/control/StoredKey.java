package net.hostingapi.idempotency.control;

import java.time.Instant;

/**
 * A key as stored: the fingerprint of its request, when its change committed, and the answer
 * sent for it once that was made ({@code status} null until then); {@code expired}: its time is
 * up, it only waits to be pruned.
 */
public record StoredKey(
        byte[] fingerprint, Instant createdAt, boolean expired, Integer status, String headers, byte[] answer) {

    public boolean answered() {
        return status != null;
    }
}
