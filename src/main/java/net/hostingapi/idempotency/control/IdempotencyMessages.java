package net.hostingapi.idempotency.control;

import net.hostingapi.platform.messages.control.MessageCode;

/**
 * The message codes only idempotency keys answer with.
 * Numbers are wire contract, unique across all areas (see {@link MessageCode}).
 */
public enum IdempotencyMessages implements MessageCode {
    // success: 2xxx
    ALREADY_CARRIED_OUT(2080, "Request already carried out"),
    // client errors: 4xxx
    REQUEST_IN_PROGRESS(4097, "A request with this Idempotency-Key is still in progress"),
    IDEMPOTENCY_KEY_REUSED(4227, "The Idempotency-Key was used for another request");

    private final int code;
    private final String text;

    IdempotencyMessages(int code, String text) {
        this.code = code;
        this.text = text;
    }

    @Override
    public int code() {
        return code;
    }

    @Override
    public String text() {
        return text;
    }
}
