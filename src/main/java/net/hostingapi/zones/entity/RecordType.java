package net.hostingapi.zones.entity;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;

/**
 * The record types the API knows. HTTP_FRAME and HTTP_REDIRECT are not DNS types: the service
 * answers them with a web forwarder, so they never appear in a zone file as such.
 */
public enum RecordType {
    A,
    AAAA,
    CNAME,
    MX,
    SRV,
    TXT,
    CAA,
    PTR,
    NS,
    HTTP_FRAME,
    HTTP_REDIRECT,
    TLSA,
    DS;

    /** Whether the type is a real DNS type (published as itself in the zone file). */
    public boolean isDnsType() {
        return this != HTTP_FRAME && this != HTTP_REDIRECT;
    }

    /**
     * The operations that take {@code records[]}, with the types each accepts, exactly as the
     * spec's table: TLSA only on delete and update, DS only on update.
     */
    public enum Operation {
        CREATE(EnumSet.of(A, AAAA, CNAME, MX, SRV, TXT, CAA, PTR, NS, HTTP_FRAME, HTTP_REDIRECT)),
        ADD(EnumSet.of(A, AAAA, CNAME, MX, SRV, TXT, CAA, PTR, NS, HTTP_FRAME, HTTP_REDIRECT)),
        DELETE(EnumSet.of(A, AAAA, CNAME, MX, SRV, TXT, TLSA, CAA, PTR, NS, HTTP_FRAME, HTTP_REDIRECT)),
        UPDATE(EnumSet.allOf(RecordType.class));

        private final Set<RecordType> allowed;

        Operation(EnumSet<RecordType> allowed) {
            this.allowed = Collections.unmodifiableSet(allowed);
        }

        /** The types this operation accepts (unmodifiable, in declaration order). */
        public Set<RecordType> allowedTypes() {
            return allowed;
        }

        public boolean allows(RecordType type) {
            return allowed.contains(type);
        }
    }
}
