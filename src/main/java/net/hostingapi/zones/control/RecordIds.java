package net.hostingapi.zones.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

/**
 * Ids of new records, from blocks of {@value #BLOCK} that the database's sequence
 * {@code zone_record_ids} hands out (V11): known before the insert, they let EclipseLink send a
 * change's records as one JDBC batch instead of one round trip each. Every instance holds a block
 * of its own; ids grow within an instance, and a restart leaves the rest of its block unused.
 */
@ApplicationScoped
public class RecordIds {

    /** The sequence's increment: one NEXTVAL reserves this many ids. */
    static final int BLOCK = 1000;

    @PersistenceContext
    EntityManager em;

    private long next;
    private long end;

    /** The next id; reserves a block, in the caller's transaction (a NEXTVAL is never rolled back), when the held one is used up. */
    public synchronized long next() {
        if (next == end) {
            next = ((Number) em.createNativeQuery("SELECT NEXTVAL(zone_record_ids)")
                            .getSingleResult())
                    .longValue();
            end = next + BLOCK;
        }
        return next++;
    }
}
