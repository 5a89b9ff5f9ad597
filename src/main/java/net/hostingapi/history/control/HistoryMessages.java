package net.hostingapi.history.control;

import net.hostingapi.platform.messages.control.MessageCode;

/**
 * The message codes only the zone history answers with.
 * Numbers are wire contract, unique across all areas (see {@link MessageCode}).
 */
public enum HistoryMessages implements MessageCode {
    // success: 2xxx
    ZONE_RESTORED(2040, "Zone restored");

    private final int code;
    private final String text;

    HistoryMessages(int code, String text) {
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
