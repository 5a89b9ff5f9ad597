package net.hostingapi.nameserver.control;

import net.hostingapi.zones.entity.Zone;

/**
 * Where zones are served from: zone files for BIND, NSD or Knot ({@link ZoneFilePublisher}, the
 * default) or the PowerDNS HTTP API ({@link PowerDnsPublisher}), chosen by configuration.
 */
public interface NameserverPublisher {

    /** Serves the zone's records under {@code origin}: the zone's own name or a domain assigned to it. */
    default void publish(Zone zone, String origin) {
        publish(zone, origin, Signing.NONE);
    }

    /** The same, and signs it, or withdraws or removes its signatures, as {@code signing} says. */
    void publish(Zone zone, String origin, Signing signing);

    /**
     * Serves, unsigned under {@code origin}, the zone's SOA and the RRsets {@code rrsets} names
     * ({@code "owner TYPE"}, owner relative to the zone) as {@code records} (the zone's records at
     * those owners) make them, leaving the rest as served. Tells whether it did: a publisher that
     * cannot send a part of a zone, or a nameserver that does not hold the zone, answers false
     * and the caller publishes the whole zone.
     */
    /** Whether {@link #publishRrsets} can serve a part of a zone; asked before the records it needs are read. */
    default boolean publishesRrsets() {
        return false;
    }

    default boolean publishRrsets(
            Zone zone,
            String origin,
            java.util.Set<String> rrsets,
            java.util.List<net.hostingapi.zones.entity.ZoneRecord> records) {
        return false;
    }

    /**
     * The public keys served for {@code origin}, with the DS of each key-signing key; empty while
     * the nameserver does not serve the zone signed (yet).
     */
    java.util.List<PublicKey> keys(String origin);

    /** Stops serving {@code origin}; nothing happens if it is not served. */
    void remove(String origin);

    /** What kind of publisher this is, for /health: {@code powerdns} or {@code zone-files}. */
    String kind();

    /** Whether the nameserver answers now, for /health. */
    boolean isReachable();

    /** The nameserver cannot be reached or refused the change; the caller retries or answers 503. */
    @jakarta.ejb.ApplicationException
    class Unavailable extends RuntimeException {
        public Unavailable(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
