package net.hostingapi.zones.control;

import net.hostingapi.zones.entity.Zone;

/**
 * Where zones are served from. Two implementations are planned: zone files for BIND, NSD or
 * Knot ({@link ZoneFilePublisher}, the default) and the PowerDNS HTTP API.
 */
public interface NameserverPublisher {

    /** Loads the zone (and the domains assigned to it, under their own names) onto the nameserver. */
    void publish(Zone zone);

    /** Removes the zone and the given assigned domains from the nameserver. */
    void remove(String zoneName, java.util.Collection<String> assignedDomains);

    /** Thrown when the nameserver cannot be reached or refuses; the caller answers 503. */
    class Unavailable extends RuntimeException {
        public Unavailable(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
