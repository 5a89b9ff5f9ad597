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
