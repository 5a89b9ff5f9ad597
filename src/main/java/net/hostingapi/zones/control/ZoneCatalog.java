package net.hostingapi.zones.control;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import net.hostingapi.accounts.control.CurrentCaller;
import net.hostingapi.accounts.entity.Right;
import net.hostingapi.platform.control.ApiException;
import net.hostingapi.zones.entity.Zone;

/** Reading the caller's zones: list, show, statistics, export. */
@Stateless
public class ZoneCatalog {

    /** Counts over the account's zones. */
    public record Statistics(long zones, long records, long domains, Map<String, Long> recordsByType) {
    }

    @PersistenceContext
    EntityManager em;

    @Inject
    CurrentCaller caller;

    @Inject
    ZoneSettings settings;

    @RolesAllowed(Right.Names.DNS_ZONES_LIST)
    public List<Zone> list() {
        // Records, domains, user and project of all zones in one query each, not one per zone.
        return em.createNamedQuery(Zone.IN_ACCOUNT, Zone.class)
                .setParameter("account", caller.accountId())
                .setHint("eclipselink.batch.type", "JOIN")
                .setHint("eclipselink.batch", "z.records")
                .setHint("eclipselink.batch", "z.domains")
                .setHint("eclipselink.batch", "z.user")
                .setHint("eclipselink.batch", "z.project")
                .setHint("eclipselink.read-only", "true")
                .getResultList();
    }

    @RolesAllowed(Right.Names.DNS_ZONES_LIST)
    public Zone show(String zone) {
        return find(em, zone, caller.accountId(), LockModeType.NONE);
    }

    @RolesAllowed(Right.Names.DNS_ZONES_LIST)
    public String export(String zone) {
        return ZoneFile.render(show(zone), settings);
    }

    @RolesAllowed(Right.Names.DNS_ZONES_LIST)
    public Statistics statistics() {
        long account = caller.accountId();
        long zones = em.createQuery("SELECT COUNT(z) FROM Zone z WHERE z.account.id = :a", Long.class)
                .setParameter("a", account).getSingleResult();
        long domains = em.createQuery("SELECT COUNT(d) FROM AssignedDomain d WHERE d.zone.account.id = :a", Long.class)
                .setParameter("a", account).getSingleResult();
        Map<String, Long> byType = new TreeMap<>();
        for (Object[] row : em.createQuery("SELECT r.type, COUNT(r) FROM ZoneRecord r WHERE r.zone.account.id = :a GROUP BY r.type",
                Object[].class).setParameter("a", account).getResultList()) {
            byType.put(row[0].toString(), (Long) row[1]);
        }
        return new Statistics(zones, byType.values().stream().mapToLong(Long::longValue).sum(), domains, byType);
    }

    /**
     * The account's zone of that name (any spelling a client may send: upper case, trailing dot,
     * Unicode). Another account's zone, and a name that cannot be a zone, are 404 alike.
     */
    static Zone find(EntityManager em, String zone, long accountId, LockModeType lock) {
        String name;
        try {
            name = ZoneNames.normalize(zone).name();
        } catch (IllegalArgumentException e) {
            throw ApiException.notFound("Zone");
        }
        var query = em.createNamedQuery(Zone.OF_ACCOUNT_BY_NAME, Zone.class)
                .setParameter("name", name).setParameter("account", accountId).setLockMode(lock);
        if (lock == LockModeType.NONE) {
            // Readers only: records in the same query, and no change-tracking copies of what nobody changes.
            query.setHint("eclipselink.left-join-fetch", "z.records").setHint("eclipselink.read-only", "true");
        }
        return query.getResultStream().findFirst().orElseThrow(() -> ApiException.notFound("Zone"));
    }
}
