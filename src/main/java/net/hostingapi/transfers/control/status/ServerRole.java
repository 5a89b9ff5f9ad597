package net.hostingapi.transfers.control.status;

import java.util.Locale;

/**
 * Why a nameserver serves a zone: the primary the service publishes to, a secondary of the
 * operator's fleet ({@code SECONDARY_NAMESERVERS}), or one of the zone's own {@code secondaries[]}.
 */
public enum ServerRole {
    PRIMARY,
    FLEET,
    SECONDARY;

    /** As the API writes it: {@code primary}, {@code fleet}, {@code secondary}. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
