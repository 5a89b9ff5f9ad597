package net.hostingapi.transfers.control.status;

import org.xbill.DNS.Serial;

/** One nameserver of a zone: what it answered, and whether that is the stored serial or a later one. */
public record ServerStatus(WatchedServer server, ServedSerial served, boolean inSync) {

    static ServerStatus of(WatchedServer server, ServedSerial served, long storedSerial) {
        return new ServerStatus(server, served, served.serial() != null && caughtUp(served.serial(), storedSerial));
    }

    /**
     * The served serial is the stored one or later in RFC 1982 serial arithmetic: a nameserver
     * that signs the zone itself (BIND's inline signing) serves a serial above ours, and a serial
     * that wrapped past 2^32 is still later.
     */
    static boolean caughtUp(long served, long stored) {
        try {
            return Serial.compare(served, stored) >= 0;
        } catch (IllegalArgumentException notASerial) {
            return false; // beyond 32 bits: no nameserver serves it
        }
    }
}
