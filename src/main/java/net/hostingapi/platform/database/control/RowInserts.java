package net.hostingapi.platform.database.control;

import jakarta.persistence.EntityManager;
import jakarta.persistence.Query;

/**
 * Rows written by a named native INSERT instead of {@code persist}, for entities written on every
 * change and never read back in its transaction (a zone's history entry, its outbox entry): a
 * persisted entity with an IDENTITY id costs a second round trip for its id ({@link InsertedIds}),
 * two of the fourteen of an addition.
 */
public final class RowInserts {

    private RowInserts() {}

    public static void insert(EntityManager em, String namedInsert, Object[] values) {
        Query insert = em.createNamedQuery(namedInsert);
        for (int i = 0; i < values.length; i++) {
            insert.setParameter(i + 1, values[i]);
        }
        insert.executeUpdate();
    }
}
