package net.hostingapi.zones.control;

import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.Semaphore;
import java.util.function.Supplier;

/**
 * How many records lists, shows, exports and changes of whole zones load as entities at once, per
 * instance: a load's entities take some 2 KB of heap a record until its answer is written (20 MB
 * for a zone of 10,000), several times the answer's text. Unbounded, sixteen lists loading 20,000
 * records each, and twelve shows, twelve exports or deletions in twelve zones at once of 40,000
 * records, ran a 512 MiB heap out of memory, and sixteen shows or deletions at once in zones of
 * 10,000 records kept it in full collections.
 */
@ApplicationScoped
public class ZoneLoads {

    /** Records loaded at once; a load of more waits until it loads alone. */
    public static final int RECORDS_AT_ONCE = 20_000;

    /** Loads this small never wait: a show of a zone of some hundred records does not queue behind a large one. */
    public static final int SMALL_LOAD = 1_000;

    private final Semaphore records = new Semaphore(RECORDS_AT_ONCE, true);

    @EJB
    ZoneCatalog catalog;

    /** Room held for a load's records until its answer is written. */
    public interface Admitted extends AutoCloseable {
        @Override
        void close();
    }

    /**
     * Waits until the loads under way leave room for {@code count} more records (in arrival order,
     * so a large load is not passed over forever). Waiting holds the request's worker, as its load
     * would.
     */
    public Admitted admit(long count) {
        if (count < SMALL_LOAD) {
            return () -> {};
        }
        int permits = (int) Math.min(count, RECORDS_AT_ONCE);
        records.acquireUninterruptibly(permits);
        return () -> records.release(permits);
    }

    /**
     * A change that loads the whole zone (to compare its records, or to answer with them), run once
     * the loads under way leave room for the zone's records: twelve deletions at once of a record
     * each in zones of 40,000 records ran the 512 MiB heap out of memory. Not for additions, which
     * build on the rendering held, nor creations, whose records come in the request.
     */
    public <T> T whole(String zone, Supplier<T> change) {
        try (Admitted admitted = admit(catalog.recordCount(zone))) {
            return change.get();
        }
    }
}
