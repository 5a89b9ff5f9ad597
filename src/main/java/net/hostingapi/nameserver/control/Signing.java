package net.hostingapi.nameserver.control;

import java.time.LocalDateTime;
import java.time.ZoneOffset;
import net.hostingapi.zones.entity.ZoneDnssec;

/** What the nameserver is to do about a zone's signatures when it is published. */
public enum Signing {
    /** Not signed, and nothing to remove: no DNSSEC calls at all (most zones). */
    NONE,
    /** Signed, CDS and CDNSKEY of its keys published (RFC 7344). */
    SIGN,
    /** Still signed, with the RFC 8078 delete records (CDS 0 0 0 00, CDNSKEY 0 3 0 AA==) instead. */
    WITHDRAW,
    /** Signatures, keys and every DNSSEC record removed. */
    UNSIGN;

    /** The delete records of RFC 8078, section 4. */
    static final String DELETE_CDS = "0 0 0 00";

    static final String DELETE_CDNSKEY = "0 3 0 AA==";

    /** From the zone's row (null: never signed). */
    static Signing of(ZoneDnssec dnssec) {
        if (dnssec == null) {
            return NONE;
        }
        if (dnssec.enabled()) {
            return SIGN;
        }
        if (ZoneDnssec.REMOVING.equals(dnssec.state())) {
            return dnssec.unsignAt() != null && dnssec.unsignAt().isAfter(LocalDateTime.now(ZoneOffset.UTC))
                    ? WITHDRAW
                    : UNSIGN;
        }
        return NONE;
    }

    boolean signed() {
        return this == SIGN || this == WITHDRAW;
    }
}
