package net.hostingapi.platform.database.control;

import jakarta.persistence.EntityManager;
import jakarta.persistence.Query;
import java.util.Collection;
import java.util.Collections;

/**
 * Exclusive row locks that hold on a Galera cluster too. A locking read locks on the node that runs
 * it only, so two transactions on two nodes would both hold it; raising the row's
 * {@code lock_generation} (V24) writes the row, and of two transactions that write one row on two
 * nodes the second to commit fails certification (1213) and is repeated ({@link DeadlockRetry}).
 * On one server the update is the exclusive lock the locking read was. Rows are locked in key
 * order, as the statement's index range visits them: two holders of overlapping sets cannot
 * deadlock.
 */
public final class RowLocks {

    private RowLocks() {}

    /** Locks the rows of {@code table} whose {@code key} is one of {@code keys}; answers how many exist. */
    public static int hold(EntityManager em, String table, String key, Collection<?> keys) {
        Query update = em.createNativeQuery("UPDATE " + table + " SET lock_generation = lock_generation + 1 WHERE "
                + key + " IN (" + String.join(",", Collections.nCopies(keys.size(), "?")) + ")");
        int i = 1;
        for (Object value : keys) {
            update.setParameter(i++, value);
        }
        return update.executeUpdate();
    }
}
