package net.hostingapi.handles.control;

import net.hostingapi.platform.messages.control.MessageCode;

/**
 * The message codes only the handle area answers with: handle changes, e-mail verification.
 * Numbers are wire contract, unique across all areas (see {@link MessageCode}).
 */
public enum HandleMessages implements MessageCode {
    // success: 2xxx
    HANDLE_CREATED(2020, "Handle created"),
    HANDLE_UPDATED(2021, "Handle updated"),
    HANDLE_DELETED(2022, "Handle deleted"),
    VERIFICATION_SENT(2023, "Verification mail sent"),
    VERIFICATION_CONFIRMED(2024, "E-mail address verified"),
    VERIFICATION_REFRESHED(2025, "Verification state re-evaluated"),

    // warnings: 3xxx
    VERIFICATION_MAIL_DEFERRED(
            3030, "Verification mail held back: the address has had its most mails for now; it is sent when it may be"),

    // client errors: 4xxx (the last three digits follow the HTTP status where one fits)
    VERIFICATION_LINK_INVALID(4042, "The verification link is unknown, used, or replaced by a newer one"),
    VERIFICATION_EXPIRED(4095, "The verification link has expired; request a new one"),
    ALREADY_VERIFIED(4096, "The e-mail address is already verified"),
    VERIFICATION_RESEND_LIMIT(4292, "Verification mails for this handle are rate-limited; retry later"),
    VERIFICATION_MAIL_LIMIT(
            4293, "Too many verification mails from this account, or from it to this address; retry later");

    private final int code;
    private final String text;

    HandleMessages(int code, String text) {
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
