package net.hostingapi.zones.control.dnssec;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.hostingapi.accounts.control.CurrentCaller;
import net.hostingapi.accounts.entity.Right;
import net.hostingapi.platform.messages.control.Message;
import net.hostingapi.zones.control.ZoneAccess;
import net.hostingapi.zones.control.ZoneCatalog;
import net.hostingapi.zones.control.ZoneMessages;
import net.hostingapi.zones.control.ZoneState;
import net.hostingapi.zones.control.ZoneTags;
import net.hostingapi.zones.control.ZonesChanged;
import net.hostingapi.zones.entity.Zone;
import net.hostingapi.zones.entity.ZoneDnssec;

/**
 * DNSSEC of the caller's zones (issue 20): what the customer asks for is stored here, in the
 * transaction of the request, and reaches the nameserver like any change (the outbox). The
 * nameserver signs; what it serves (the public keys, their DS, whether it signs yet) comes back
 * through the publication ({@code nameserver.control.ZoneSync}).
 */
@Stateless
public class ZoneSigning {

    /**
     * A zone's DNSSEC as the API shows it; {@code pending}: a publication of it is still waiting, with its last
     * error; {@code tag}: the zone's entity tag ({@link ZoneTags}) after this.
     */
    public record Status(
            String zone,
            ZoneDnssec dnssec,
            boolean pending,
            int attempts,
            String lastError,
            List<Message> warnings,
            String tag) {

        public boolean enabled() {
            return dnssec != null && dnssec.enabled();
        }

        public String state() {
            return dnssec == null ? ZoneDnssec.UNSIGNED : dnssec.state();
        }
    }

    @PersistenceContext
    EntityManager em;

    @Inject
    CurrentCaller caller;

    @Inject
    ZoneAccess access;

    @Inject
    DnssecSettings settings;

    @Inject
    Event<ZonesChanged> changes;

    @Inject
    ZoneTags tags;

    @RolesAllowed(Right.Names.DNS_ZONES_CRUD)
    public Status enable(String zoneName) {
        Zone zone = locked(zoneName);
        ZoneDnssec dnssec = find(zone);
        tags.requireMatch(zone, dnssec);
        List<Message> warnings = new ArrayList<>();
        if (dnssec.enabled()) {
            warnings.add(Message.of(ZoneMessages.NOTHING_CHANGED, "The zone is signed already"));
        } else {
            dnssec.enable();
            changed(zone);
        }
        return status(zone, dnssec, warnings);
    }

    /**
     * The delete records are published at once; signing goes on until DNSSEC_UNSIGN_AFTER has
     * passed, for the registry to remove the DS first: a zone whose parent still holds a DS and
     * that is no longer signed fails for every validating resolver.
     */
    @RolesAllowed(Right.Names.DNS_ZONES_CRUD)
    public Status disable(String zoneName) {
        Zone zone = locked(zoneName);
        ZoneDnssec dnssec = find(zone);
        tags.requireMatch(zone, dnssec);
        List<Message> warnings = new ArrayList<>();
        if (!dnssec.enabled()) {
            warnings.add(Message.of(ZoneMessages.NOTHING_CHANGED, "The zone is not signed"));
        } else {
            dnssec.disable(LocalDateTime.now(ZoneOffset.UTC).plus(settings.unsignAfter()));
            changed(zone);
        }
        if (ZoneDnssec.REMOVING.equals(dnssec.state())) {
            warnings.add(removalWarning(dnssec));
        }
        return status(zone, dnssec, warnings);
    }

    @RolesAllowed(Right.Names.DNS_ZONES_LIST)
    public Status status(String zoneName) {
        Zone zone = ZoneCatalog.find(em, zoneName, caller.accountId());
        access.requireZone(zone.name());
        ZoneDnssec dnssec = em.find(ZoneDnssec.class, zone.id());
        List<Message> warnings = new ArrayList<>();
        if (dnssec != null && ZoneDnssec.REMOVING.equals(dnssec.state())) {
            warnings.add(removalWarning(dnssec));
        }
        return status(zone, dnssec, warnings);
    }

    /**
     * The DNSSEC rows of these zones (absent: unsigned), for the zone answers: of zones the
     * caller got through an operation that checked its right (a token with only DNS_ZONES_CRUD
     * gets the zone it created with its DNSSEC).
     */
    @RolesAllowed(Right.Names.CALLER)
    @TransactionAttribute(
            TransactionAttributeType.SUPPORTS) // one read: a transaction around it cost four more round trips
    public Map<Long, ZoneDnssec> of(Collection<Long> zoneIds) {
        Map<Long, ZoneDnssec> found = new HashMap<>();
        if (zoneIds.isEmpty()) {
            return found;
        }
        for (ZoneDnssec dnssec : em.createQuery("SELECT d FROM ZoneDnssec d WHERE d.zoneId IN :ids", ZoneDnssec.class)
                .setParameter("ids", zoneIds)
                .getResultList()) {
            found.put(dnssec.zoneId(), dnssec);
        }
        return found;
    }

    private static Message removalWarning(ZoneDnssec dnssec) {
        return Message.of(
                ZoneMessages.DNSSEC_REMOVAL,
                "Remove the DS records of the zone at its registry first: the zone stays signed until "
                        + dnssec.unsignAt().withNano(0) + " UTC and is unsigned then; a DS left at the registry"
                        + " makes the domain fail validation. The delete records (CDS 0 0 0 00, CDNSKEY 0 3 0 AA==)"
                        + " tell registries that scan for them to remove it.");
    }

    private Zone locked(String zoneName) {
        Zone zone = ZoneCatalog.locked(em, zoneName, caller.accountId());
        access.requireZone(zone.name());
        access.requireWholeZone("sign zones");
        return zone;
    }

    private ZoneDnssec find(Zone zone) {
        ZoneDnssec dnssec = em.find(ZoneDnssec.class, zone.id());
        if (dnssec == null) {
            dnssec = new ZoneDnssec(zone.id());
            em.persist(dnssec);
        }
        return dnssec;
    }

    /** The served zone changes (DNSKEY, CDS): a new serial, and the zone's own name published again. */
    private void changed(Zone zone) {
        zone.changed();
        changes.fire(ZonesChanged.of(List.of(zone.name())));
    }

    private Status status(Zone zone, ZoneDnssec dnssec, List<Message> warnings) {
        em.flush();
        List<?> rows = em.createNativeQuery(
                        "SELECT attempts, last_error FROM nameserver_outbox WHERE name = ? ORDER BY attempts DESC")
                .setParameter(1, zone.name())
                .getResultList();
        // flushed: the version is the one this transaction commits
        String tag = ZoneTags.of(ZoneState.of(zone), dnssec);
        if (rows.isEmpty()) {
            return new Status(zone.name(), dnssec, false, 0, null, warnings, tag);
        }
        Object[] row = (Object[]) rows.get(0);
        return new Status(zone.name(), dnssec, true, ((Number) row[0]).intValue(), (String) row[1], warnings, tag);
    }
}
