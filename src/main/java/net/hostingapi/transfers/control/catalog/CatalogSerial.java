package net.hostingapi.transfers.control.catalog;

/**
 * The catalog's SOA serial: the time of its last change in seconds since 1970, or one more than
 * the serial before when that is higher (several changes in one second, a clock that went back,
 * an instance whose clock is behind another's). It never goes backwards, and a database made
 * afresh starts near the serial the secondaries hold, not at 1, which they would take for an old
 * catalog and ignore.
 */
final class CatalogSerial {

    private CatalogSerial() {}

    /** The serial after {@code previous} (0: none yet) for a change at {@code epochSeconds}. */
    static long next(long previous, long epochSeconds) {
        return Math.max(epochSeconds, previous + 1);
    }
}
