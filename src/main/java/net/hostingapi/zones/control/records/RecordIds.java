package net.hostingapi.zones.control.records;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import net.hostingapi.platform.database.control.CheckedSession;

/**
 * Ids of new records, from blocks of {@value #BLOCK} reserved in the row {@code zone_records} of
 * {@code id_blocks} (V15): known before the insert, they let EclipseLink send a change's records as
 * one JDBC batch instead of one round trip each. Every instance holds a block of its own; ids grow
 * within an instance, and a restart leaves the rest of its block unused.
 */
@ApplicationScoped
public class RecordIds {

    /** Ids one reservation takes. */
    static final int BLOCK = 1000;

    @Inject
    Blocks blocks;

    private long next;
    private long end;

    /** The next id; reserves a block when the held one is used up. */
    public synchronized long next() {
        if (next == end) {
            end = blocks.reserve(BLOCK);
            next = end - BLOCK;
        }
        return next++;
    }

    /**
     * The reservation, committed before any id of it is used: whatever a crash of the database
     * keeps of the records inserted with these ids, it keeps the reservation too. (A NEXTVAL of the
     * sequence that held the blocks before, V11, was lost in crashes its records survived, and the
     * same block was handed out again.)
     */
    @ApplicationScoped
    public static class Blocks {

        @PersistenceContext
        EntityManager em;

        /** Moves the counter on by {@code size}; answers where the reserved block ends (exclusive). */
        @CheckedSession
        @Transactional(Transactional.TxType.REQUIRES_NEW)
        public long reserve(int size) {
            em.createNativeQuery(
                            "UPDATE id_blocks SET next_id = LAST_INSERT_ID(next_id + ?) WHERE name = 'zone_records'")
                    .setParameter(1, size)
                    .executeUpdate();
            return ((Number) em.createNativeQuery("SELECT LAST_INSERT_ID()").getSingleResult()).longValue();
        }
    }
}
