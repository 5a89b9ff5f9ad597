package net.hostingapi.idempotency.control;

import net.hostingapi.platform.messages.control.ApiException;

/**
 * The key was stored by another request meanwhile (it committed while this one waited to insert
 * it): this request's transaction is rolled back, and the answer is the other's, found by the boundary.
 */
public class KeyAlreadyUsed extends ApiException {

    private final IdempotencyKey key;

    public KeyAlreadyUsed(IdempotencyKey key) {
        super(409, IdempotencyMessages.REQUEST_IN_PROGRESS);
        this.key = key;
    }

    public IdempotencyKey key() {
        return key;
    }
}
