package net.hostingapi.zones.control.claims;

import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.Query;
import java.util.ArrayList;
import java.util.List;

/**
 * The parts of a {@link NameClaims claim} that must not run in the caller's transaction, each in
 * a short one of its own: creating the rows a claim locks (committed at once, so the locks that
 * follow find them and take no gap locks), and reading what is held around a name in a snapshot
 * taken after the caller's locks.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
public class ClaimedNames {

    @PersistenceContext
    EntityManager em;

    public void ensureLockRows(List<String> names) {
        Query insert = em.createNativeQuery("INSERT IGNORE INTO name_locks (name) VALUES "
                + String.join(",", java.util.Collections.nCopies(names.size(), "(?)")));
        for (int i = 0; i < names.size(); i++) {
            insert.setParameter(i + 1, names.get(i));
        }
        insert.executeUpdate();
    }

    /**
     * Whether anybody holds {@code name} (as a zone or an assigned domain), or another account
     * holds a name above it ({@code above}) or below it. One index lookup or range per part.
     */
    public boolean heldAround(String name, List<String> above, long accountId) {
        List<String> same = new ArrayList<>(above);
        same.add(name);
        String in = NameClaims.placeholders(same.size());
        String below = new StringBuilder(name)
                        .reverse()
                        .toString()
                        .replace("\\", "\\\\")
                        .replace("_", "\\_")
                        .replace("%", "\\%")
                + ".%";
        Query query = em.createNativeQuery(
                "(SELECT 1 FROM zones WHERE name IN (" + in + ") AND (name = ? OR account_id <> ?) LIMIT 1)"
                        + " UNION ALL (SELECT 1 FROM zones WHERE name_reversed LIKE ? AND account_id <> ? LIMIT 1)"
                        + " UNION ALL (SELECT 1 FROM zone_domains d JOIN zones z ON z.id = d.zone_id"
                        + " WHERE d.name IN (" + in + ") AND (d.name = ? OR z.account_id <> ?) LIMIT 1)"
                        + " UNION ALL (SELECT 1 FROM zone_domains d JOIN zones z ON z.id = d.zone_id"
                        + " WHERE d.name_reversed LIKE ? AND z.account_id <> ? LIMIT 1)");
        int i = 1;
        for (int table = 0; table < 2; table++) {
            for (String n : same) {
                query.setParameter(i++, n);
            }
            query.setParameter(i++, name);
            query.setParameter(i++, accountId);
            query.setParameter(i++, below);
            query.setParameter(i++, accountId);
        }
        return !query.getResultList().isEmpty();
    }
}
