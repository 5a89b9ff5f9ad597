package net.hostingapi.accounts.control;

import net.hostingapi.platform.messages.control.MessageCode;

/**
 * The message codes only the account area answers with: its objects' lifecycle, its API tokens.
 * Numbers are wire contract, unique across all areas (see {@link MessageCode}).
 */
public enum AccountMessages implements MessageCode {
    // success: 2xxx
    CREATED(2001, "Created"),
    UPDATED(2002, "Updated"),
    DELETED(2003, "Deleted"),
    DEACTIVATED(2004, "Deactivated"),

    // client errors: 4xxx (the last three digits follow the HTTP status where one fits)
    TOKEN_INVALID(4011, "The API token is unknown, expired or deactivated"),
    TOKEN_POLICY_DENIED(4031, "The API token's policy does not allow this"),
    TOO_MANY_FAILED_AUTHENTICATIONS(4291, "Too many failed authentications; retry later"),

    // server errors: 5xxx
    TSIG_KEYS_UNAVAILABLE(5031, "This service issues no TSIG keys: its key encryption key is not configured");

    private final int code;
    private final String text;

    AccountMessages(int code, String text) {
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
