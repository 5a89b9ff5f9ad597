package net.hostingapi.idempotency.control;

import jakarta.enterprise.context.RequestScoped;

/**
 * The idempotency key of the current request, if it came with one, and how far it got: the key is
 * inserted by the first transaction of the request ({@link KeyedTransactions}) and spent when that
 * transaction commits; a transaction that rolls back leaves it to the next (a deadlock's repetition).
 */
@RequestScoped
public class KeyedRequest {

    /** Held apart from the request-scoped proxy: the transaction's completion reports to it. */
    static final class Progress {
        /** The key was found taken when inserted: no transaction of this request inserts it again. */
        static final Object REFUSED = new Object();

        final IdempotencyKey key;
        Object transaction;
        volatile boolean spent;

        Progress(IdempotencyKey key) {
            this.key = key;
        }
    }

    private Progress progress;

    public void begin(IdempotencyKey key) {
        progress = new Progress(key);
    }

    /** Whether the request's change committed with its key: the key is spent, the answer must be kept. */
    public boolean spent() {
        return progress != null && progress.spent;
    }

    /** The key's progress while no transaction of the request holds it yet, else null. */
    Progress awaitingTransaction() {
        return progress == null || progress.spent || progress.transaction != null ? null : progress;
    }
}
