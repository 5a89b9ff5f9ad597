package net.hostingapi.zones.control.editing;

import jakarta.persistence.EntityManager;
import jakarta.persistence.Query;
import java.time.LocalDateTime;
import java.util.List;
import net.hostingapi.platform.messages.control.ApiException;
import net.hostingapi.zones.control.ZoneCatalog;
import net.hostingapi.zones.control.claims.NameClaims;
import net.hostingapi.zones.entity.Zone;
import net.hostingapi.zones.entity.ZoneDnssec;

/** The zone an addition writes to, locked and read with everything the addition checks, in one statement. */
final class AdditionLock {

    private AdditionLock() {}

    /**
     * A zone locked for an addition, with what the addition needs besides: its number of records,
     * its DNSSEC, whether a record would sit at or below another account's name and whether any of
     * the added names already has records in the zone.
     */
    public record LockedZone(Zone zone, long records, ZoneDnssec dnssec, boolean foreignNames, boolean namesPresent) {}

    /**
     * {@link ZoneCatalog#locked} for an addition, in one statement instead of seven: the zone's row locked and
     * read as the entity, its number of records (the per-zone limit), its DNSSEC row (for the
     * answer), the check of {@code foreign} (null: nothing to check) and whether it has assigned
     * domains (most have none, and then their list needs no query), and whether any of {@code
     * names} has records in it (an addition of new names, the common one, then reads no records:
     * there is nothing to collide with). The subqueries read
     * without locks (only the zone's row is locked; a join would lock the DNSSEC row too) and run
     * once the row lock is held, so they see every change committed before it. The records are
     * not counted (-1) when the zone is in the state of {@code remembered} or a later one.
     */
    static LockedZone lockedForAddition(
            EntityManager em,
            String zone,
            long accountId,
            List<String> names,
            NameClaims.ForeignNames foreign,
            ZoneRecordCounts.Counted remembered) {
        // MariaDB evaluates only the CASE branch taken: in the remembered state or a later one (left by
        // writers that held the lock meanwhile) the count is not made here but by ZoneRecordCounts.counted.
        Query query = em.createNativeQuery(
                """
                SELECT z.*, CASE WHEN z.id = ? AND z.created_at = ? AND z.version >= ? THEN -1
                            ELSE (SELECT COUNT(*) FROM zone_records r WHERE r.zone_id = z.id) END AS record_count,
                       (SELECT d.enabled FROM zone_dnssec d WHERE d.zone_id = z.id) AS dnssec_enabled,
                       (SELECT d.state FROM zone_dnssec d WHERE d.zone_id = z.id) AS dnssec_state,
                       (SELECT d.unsign_at FROM zone_dnssec d WHERE d.zone_id = z.id) AS dnssec_unsign_at,
                       (SELECT d.public_keys FROM zone_dnssec d WHERE d.zone_id = z.id) AS dnssec_public_keys,
                       """
                        + (foreign == null ? "0" : foreign.condition())
                        + " AS foreign_names, EXISTS (SELECT 1 FROM zone_domains x WHERE x.zone_id = z.id) AS has_domains, "
                        + (names.isEmpty()
                                ? "0"
                                : "EXISTS (SELECT 1 FROM zone_records n WHERE n.zone_id = z.id AND n.name IN ("
                                        + NameClaims.placeholders(names.size())
                                        + "))")
                        + " AS names_present FROM zones z WHERE z.name = ? AND z.account_id = ? FOR UPDATE",
                Zone.WITH_COUNT_AND_DNSSEC);
        query.setParameter(1, remembered.state().zoneId())
                .setParameter(2, remembered.state().createdAt())
                .setParameter(3, remembered.state().version());
        int at = 4;
        for (Object parameter : foreign == null ? List.of() : foreign.parameters()) {
            query.setParameter(at++, parameter);
        }
        for (String name : names) {
            query.setParameter(at++, name);
        }
        List<?> rows = query.setParameter(at++, ZoneCatalog.normalizedName(zone))
                .setParameter(at, accountId)
                .getResultList();
        if (rows.isEmpty()) {
            throw ApiException.notFound("Zone");
        }
        Object[] row = (Object[]) rows.get(0);
        Zone locked = (Zone) row[0];
        if (((Number) row[7]).intValue() == 0) {
            locked.readWithoutDomains();
        }
        String dnssecState = (String) row[3];
        ZoneDnssec dnssec = dnssecState == null
                ? null
                : ZoneDnssec.asRead(
                        locked.id(), Boolean.TRUE.equals(row[2]), dnssecState, (LocalDateTime) row[4], (String) row[5]);
        long records = ((Number) row[1]).longValue();
        return new LockedZone(
                locked, records, dnssec, ((Number) row[6]).intValue() != 0, ((Number) row[8]).intValue() != 0);
    }
}
