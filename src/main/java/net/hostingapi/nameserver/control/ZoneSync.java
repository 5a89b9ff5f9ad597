package net.hostingapi.nameserver.control;

import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import net.hostingapi.nameserver.entity.PendingPublication;
import net.hostingapi.platform.database.control.CheckedSession;
import net.hostingapi.platform.database.control.RowLocks;
import net.hostingapi.transfers.control.catalog.Catalog;
import net.hostingapi.zones.control.ZonesChanged;
import net.hostingapi.zones.control.claims.ClaimedNames;
import net.hostingapi.zones.control.claims.NameClaims;
import net.hostingapi.zones.entity.AssignedDomain;
import net.hostingapi.zones.entity.Zone;
import net.hostingapi.zones.entity.ZoneDnssec;
import net.hostingapi.zones.entity.ZoneRecord;
import org.eclipse.persistence.config.HintValues;
import org.eclipse.persistence.config.QueryHints;

/**
 * Brings one name on the nameserver to its stored state: a zone is published with its records, a
 * domain assigned to a zone with that zone's records under its own name, anything else removed.
 * Idempotent, so retrying after any failure is safe.
 *
 * <p>One publisher per name at a time, across threads and instances: each holds the name's row in
 * {@code name_locks} while it reads the stored state and writes it to the nameserver. So a refresh
 * and the outbox worker no longer both create a zone at PowerDNS at once, and a publisher cannot
 * hold an older state than the one last published: it reads only once the previous one is done.
 *
 * <p>The catalog zone's name ({@code CATALOG_ZONE}) is published as the catalog, listing the zones
 * stored at the time its lock is taken; its serial is raised under that lock ({@link Catalog}).
 */
@Stateless
public class ZoneSync {

    @PersistenceContext
    EntityManager em;

    @Inject
    NameserverPublisher nameserver;

    @EJB
    ClaimedNames claimed;

    @Inject
    LockRows lockRows;

    @Inject
    Catalog catalog;

    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public void sync(String name) {
        NameClaims.lockExclusively(em, claimed, name);
        publishStored(name);
    }

    /**
     * The outbox worker's publication of {@code name}. The name's lock is taken with SKIP LOCKED:
     * when another publisher (the other instance's worker, a refresh) holds it, this returns false
     * at once and the entries stay for a later round. Once held, the name's entries are read (the
     * first read after the lock, so the snapshot holds every change committed before it; another
     * instance may have published them meanwhile: then nothing is done), the stored state is
     * published, and exactly those entries are deleted in the same transaction: each was written
     * with its change, so every change they stand for is in the state published. An entry
     * committed later stays for the next round; an instance that dies midway leaves them all,
     * unlocked, to the next worker on any instance.
     */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public boolean publishPending(String name) {
        if (!tryLock(name)) {
            return false; // another publisher holds it, or the name has no lock row yet (ensureLockRow)
        }
        @SuppressWarnings("unchecked")
        List<Object[]> waiting = em.createNativeQuery("SELECT id, rrsets FROM nameserver_outbox WHERE name = ?")
                .setParameter(1, name)
                .getResultList();
        if (waiting.isEmpty()) {
            return true;
        }
        Set<String> rrsets = new TreeSet<>();
        for (Object[] entry : waiting) {
            if (entry[1] == null) {
                rrsets = null; // a change of more than records: the whole name
                break;
            }
            rrsets.addAll(PendingPublication.rrsetsOf(entry[1].toString()));
        }
        if (rrsets != null && rrsets.size() > ZonesChanged.MOST_RRSETS) {
            rrsets = null; // many: one comparison of the whole zone costs less than that many RRsets
        }
        Optional<Served> served = served(name);
        if (rrsets == null || !publishRrsets(name, served, rrsets)) {
            publishStored(name, served);
        }
        // By primary key: a range delete on the name's index would lock the gap writers insert into.
        // Sent as text, not prepared: the list differs at every call, so the driver's statement
        // cache never held it, and preparing it cost each publication one more round trip.
        em.createNativeQuery("DELETE FROM nameserver_outbox WHERE id IN ("
                        + String.join(
                                ",",
                                waiting.stream()
                                        .map(entry -> Long.toString(((Number) entry[0]).longValue()))
                                        .toList())
                        + ")")
                .setHint(QueryHints.BIND_PARAMETERS, HintValues.FALSE)
                .executeUpdate();
        return true;
    }

    /**
     * Publishes only the RRsets that changes of records touched, read from the stored records of
     * their owners; tells whether it could (an unsigned zone or an assigned domain, a publisher
     * that can, a nameserver that holds the zone). A signed zone goes whole: its keys, NSEC3
     * parameters and rectification are settled with the whole zone's publication.
     */
    private boolean publishRrsets(String name, Optional<Served> served, Set<String> rrsets) {
        if (!nameserver.publishesRrsets()) {
            return false; // zone files are written whole: reading the owners' records would be wasted
        }
        if (served.isEmpty()) {
            return false; // removed since: the whole name's publication removes it
        }
        if (served.get().catalog() || served.get().signing() != Signing.NONE) {
            return false;
        }
        Zone zone = served.get().zone();
        List<String> owners = rrsets.stream()
                .map(rrset -> rrset.substring(0, rrset.indexOf(' ')))
                .distinct()
                .toList();
        List<ZoneRecord> records = em.createNamedQuery(ZoneRecord.OF_ZONE_NAMED, ZoneRecord.class)
                .setParameter("zone", zone)
                .setParameter("names", owners)
                .getResultList();
        return nameserver.publishRrsets(zone, name, rrsets, records);
    }

    /**
     * Creates the lock row of a name that has none (its zone predates the rows, V6, or was loaded
     * by hand), committed at once; tells whether it did. Not inside {@link #publishPending}: its
     * failed locking read on the missing row holds the gap the insert needs, and the insert, in a
     * transaction of its own, waited for it until the socket timeout, so such a zone was never
     * published. Not first thing every time either: INSERT IGNORE waits for a row another publisher holds.
     */
    public boolean ensureLockRow(String name) {
        if (lockRows.exists(name)) {
            return false;
        }
        claimed.ensureLockRows(List.of(name));
        return true;
    }

    /**
     * Locking statements only: the transaction's snapshot is taken by the first plain read after
     * them. The row is written too ({@link RowLocks}): SKIP LOCKED sees the holders of its own node
     * only, and of two publishers of one name on two nodes of a Galera cluster the second to commit
     * fails certification ({@link PublicationWorker} publishes the name again then).
     */
    private boolean tryLock(String name) {
        if (em.createNativeQuery("SELECT name FROM name_locks WHERE name = ? FOR UPDATE SKIP LOCKED")
                .setParameter(1, name)
                .getResultList()
                .isEmpty()) {
            return false;
        }
        RowLocks.hold(em, "name_locks", "name", List.of(name));
        return true;
    }

    /** Whether a name has its lock row, asked in a transaction of its own (not to take the caller's snapshot before its lock). */
    @ApplicationScoped
    public static class LockRows {

        @PersistenceContext
        EntityManager em;

        @CheckedSession
        @Transactional(Transactional.TxType.REQUIRES_NEW)
        public boolean exists(String name) {
            return !em.createNativeQuery("SELECT 1 FROM name_locks WHERE name = ?")
                    .setParameter(1, name)
                    .getResultList()
                    .isEmpty();
        }
    }

    /** Refresh with forceDelete: drop the name from the nameserver, then load it afresh. */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public void reload(String name) {
        NameClaims.lockExclusively(em, claimed, name);
        // Dropping a signed zone drops its keys at the nameserver, and the new ones would not
        // match the DS at the registry: a signed zone is published again without being dropped.
        Optional<Served> served = served(name);
        if (served.isEmpty() || served.get().signing() == Signing.NONE) {
            nameserver.remove(name);
        }
        publishStored(name, served);
    }

    /**
     * The zone served under a name and how it is signed there (an assigned domain is served
     * unsigned); {@code catalog}: the catalog zone, which is not stored as a zone.
     */
    private record Served(Zone zone, Signing signing, boolean catalog) {

        Served(Zone zone, Signing signing) {
            this(zone, signing, false);
        }
    }

    /**
     * The zone served under {@code name}: the catalog, the zone of that name, or the one the domain
     * is assigned to.
     */
    private Optional<Served> served(String name) {
        if (catalog.isCatalog(name)) {
            return Optional.of(new Served(catalog.current(), Signing.NONE, true));
        }
        Optional<Served> zone = zoneNamed(name);
        return zone.isPresent()
                ? zone
                : em.createNamedQuery(AssignedDomain.BY_NAME, AssignedDomain.class)
                        .setParameter("name", name)
                        .getResultStream()
                        .findFirst()
                        .map(domain -> new Served(domain.zone(), Signing.NONE));
    }

    /**
     * The zone of that name with its DNSSEC row, in one statement (read apart, the row was one of
     * a publication's ten round trips).
     */
    private Optional<Served> zoneNamed(String name) {
        return em.createNamedQuery(Zone.BY_NAME_WITH_DNSSEC, Object[].class)
                .setParameter("name", name)
                .getResultStream()
                .findFirst()
                .map(row -> new Served((Zone) row[0], Signing.of((ZoneDnssec) row[1])));
    }

    /** Reads the stored state (after the lock, so the newest committed one) and publishes it. */
    private void publishStored(String name) {
        publishStored(name, served(name));
    }

    /** Publishes the stored state of {@code name}, {@code served} being what serves it as read after the lock. */
    private void publishStored(String name, Optional<Served> served) {
        if (served.isEmpty()) {
            nameserver.remove(name);
            return;
        }
        Zone zone = served.get().zone();
        if (served.get().catalog() || !zone.name().equals(name)) {
            nameserver.publish(zone, name); // the catalog, or an assigned domain: served unsigned
        } else {
            nameserver.publish(zone, name, served.get().signing());
            signed(zone.id(), name, served.get().signing());
        }
    }

    /**
     * After a publication: what the nameserver now serves is recorded. Conditional updates, not
     * the entity read before: a customer's enable or disable since then is kept (it publishes
     * again). Signed zones take their keys and DS as served; {@code signing} becomes
     * {@code signed} once keys are served; a removal that is through becomes {@code unsigned}.
     */
    private void signed(long zoneId, String name, Signing signing) {
        LocalDateTime now = LocalDateTime.now(ZoneOffset.UTC);
        if (signing.signed()) {
            List<PublicKey> keys;
            try {
                keys = nameserver.keys(name);
            } catch (NameserverPublisher.Unavailable e) {
                // published all the same; DnssecTimer asks for the keys again
                java.util.logging.Logger.getLogger(ZoneSync.class.getName())
                        .fine(() -> "Keys of " + name + " not read: " + e.getMessage());
                return;
            }
            if (keys.isEmpty()) {
                return; // named signs in the background: DnssecTimer looks again
            }
            em.createNativeQuery("UPDATE zone_dnssec SET public_keys = ?, updated_at = ?,"
                            + " state = CASE WHEN enabled AND state = 'signing' THEN 'signed' ELSE state END"
                            + " WHERE zone_id = ?")
                    .setParameter(1, PublicKey.json(keys).toString())
                    .setParameter(2, now)
                    .setParameter(3, zoneId)
                    .executeUpdate();
        } else if (signing == Signing.UNSIGN) {
            em.createNativeQuery("UPDATE zone_dnssec SET state = 'unsigned', public_keys = NULL, unsign_at = NULL,"
                            + " updated_at = ? WHERE zone_id = ? AND NOT enabled AND state = 'removing'")
                    .setParameter(1, now)
                    .setParameter(2, zoneId)
                    .executeUpdate();
        }
    }

    /**
     * A zone still {@code signing} with no publication waiting (named signs in the background
     * after its reload): the keys are asked for again, and recorded once served. Skipped when
     * another publisher holds the name.
     */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public void lookAgain(String name) {
        if (!tryLock(name)) {
            return;
        }
        zoneNamed(name)
                .filter(zone -> zone.signing().signed())
                .ifPresent(zone -> signed(zone.zone().id(), name, zone.signing()));
    }
}
