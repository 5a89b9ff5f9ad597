package net.hostingapi.zones.control;

import jakarta.annotation.Resource;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.PersistenceException;
import jakarta.persistence.Query;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Predicate;
import javax.sql.DataSource;
import net.hostingapi.accounts.control.CurrentCaller;
import net.hostingapi.accounts.entity.Right;
import net.hostingapi.platform.database.control.PooledConnections;
import net.hostingapi.platform.messages.control.ApiException;
import net.hostingapi.platform.messages.control.CommonMessages;
import net.hostingapi.zones.control.claims.NameClaims;
import net.hostingapi.zones.control.masterfile.ZoneFile;
import net.hostingapi.zones.control.names.ZoneNames;
import net.hostingapi.zones.control.settings.ZoneSettings;
import net.hostingapi.zones.entity.Zone;
import net.hostingapi.zones.entity.ZoneDnssec;

/** Reading the caller's zones: list, show, statistics, export. */
@Stateless
public class ZoneCatalog {

    /** Counts over the account's zones. */
    public record Statistics(long zones, long records, long domains, Map<String, Long> recordsByType) {}

    @PersistenceContext
    EntityManager em;

    @Resource(lookup = "jdbc/hosting")
    DataSource database;

    @Inject
    CurrentCaller caller;

    @Inject
    ZoneSettings settings;

    @Inject
    ZoneAccess access;

    @Inject
    ZoneLoads loads;

    /**
     * Which zones a list answers: all of the account's without parameters (as the original service
     * answered), else the page of {@code limit} of those whose name contains {@code name} (either
     * spelling, any case), from {@code offset} or from the first zone after {@code after} (a cursor:
     * the last name of the previous page; it stays as fast deep in a long list as at its start).
     */
    public record ZoneQuery(Integer limit, Integer offset, String name, String after) {

        public static final ZoneQuery ALL = new ZoneQuery(null, null, null, null);

        public boolean paged() {
            return limit != null || offset != null || name != null || after != null;
        }

        /** A cursor page does not count the matching zones: counting walks them all (11 ms for 100,000). */
        public boolean counted() {
            return paged() && after == null;
        }
    }

    /**
     * The states of the listed zones in name order; how many zones match the query in all (null
     * for a cursor page); and the cursor of the next page (the page's last name when the page is
     * full, else null).
     */
    public record Listing(List<ZoneState> states, Long total, String next) {}

    /**
     * States only, one row per zone (the index on account and name orders and pages them): the
     * zones themselves are loaded ({@link #zones}) only where the reader holds no rendering of that state.
     * The page's ids are chosen first from the index alone, then joined with users and projects:
     * with the join in the paged query, MariaDB joined every zone the offset skipped (a page at
     * offset 50,000 took 62 ms against 9 ms at 5,000).
     */
    @RolesAllowed(Right.Names.DNS_ZONES_LIST)
    public Listing list(ZoneQuery query) {
        long account = caller.accountId();
        List<Object> parameters = new ArrayList<>(List.of(account));
        String where = " WHERE z.account_id = ?" + onlyPolicyZones(parameters);
        if (query.name() != null) {
            where += " AND (z.name LIKE ? ESCAPE '!' OR z.name_unicode LIKE ? ESCAPE '!')";
            String pattern = "%" + query.name().toLowerCase(Locale.ROOT).replaceAll("[!%_]", "!$0") + "%";
            parameters.add(pattern);
            parameters.add(pattern);
        }
        List<Object> pageParameters = new ArrayList<>(parameters);
        String pageWhere = where;
        if (query.after() != null) {
            pageWhere += " AND z.name > ?";
            pageParameters.add(cursor(query.after()));
        }
        String page = "";
        if (query.limit() != null || query.offset() != null) {
            page = " LIMIT " + Objects.requireNonNullElse(query.limit(), Integer.MAX_VALUE) + " OFFSET "
                    + Objects.requireNonNullElse(query.offset(), 0);
        }
        List<ZoneState> states = new ArrayList<>();
        String last = null;
        for (Object row : withParameters(
                        em.createNativeQuery("SELECT z.id, z.created_at, z.version, u.username, p.uuid, z.name FROM"
                                + " (SELECT z.id FROM zones z" + pageWhere + " ORDER BY z.name" + page + ") chosen"
                                + " JOIN zones z ON z.id = chosen.id LEFT JOIN users u ON u.id = z.user_id"
                                + " LEFT JOIN projects p ON p.id = z.project_id ORDER BY z.name"),
                        pageParameters)
                .getResultList()) {
            Object[] columns = (Object[]) row;
            states.add(stateOf(columns));
            last = (String) columns[5];
        }
        Long total = null;
        if (query.counted()) {
            total = ((Number) withParameters(em.createNativeQuery("SELECT COUNT(*) FROM zones z" + where), parameters)
                            .getSingleResult())
                    .longValue();
        } else if (!query.paged()) {
            total = (long) states.size();
        }
        String next = query.limit() != null && states.size() == query.limit() ? last : null;
        return new Listing(states, total, next);
    }

    /** The cursor as stored names compare: a name in either spelling; one that cannot be a zone name compares as given. */
    private static String cursor(String after) {
        try {
            return ZoneNames.normalize(after).name();
        } catch (IllegalArgumentException e) {
            return after.toLowerCase(Locale.ROOT);
        }
    }

    /** The account's zones of these ids (those still there), with their records, domains, user and project. */
    @RolesAllowed(Right.Names.DNS_ZONES_LIST)
    public List<Zone> zones(Collection<Long> ids) {
        // One query each for records, domains, user and project of all of them, not one per zone.
        List<Zone> zones = em.createNamedQuery(Zone.OF_ACCOUNT_BY_IDS, Zone.class)
                .setParameter("account", caller.accountId())
                .setParameter("ids", ids)
                .setHint("eclipselink.batch.type", "IN")
                .setHint("eclipselink.batch", "z.records")
                .setHint("eclipselink.batch", "z.domains")
                .setHint("eclipselink.batch", "z.user")
                .setHint("eclipselink.batch", "z.project")
                .setHint("eclipselink.read-only", "true")
                .getResultList();
        // Read in this transaction, as of the zones' rows (see withItsRecords), not when rendered.
        zones.forEach(Zone::loadWhole);
        return zones;
    }

    /**
     * The changed zone with its records as of its row: itself when they were read in its
     * transaction (loaded with it, or changed under its lock), otherwise the zone read anew with
     * them in one query, and its domains, user and project in the same transaction (itself when
     * deleted since). Records left to load after the transaction can hold a later writer's records under
     * this zone's version: a rendering kept for that version held them, and that writer, building
     * its answer on it, listed its records twice. Any caller: it answers a change the caller was
     * allowed to make, and assigning a domain needs no named right.
     */
    @RolesAllowed(Right.Names.CALLER)
    public Zone withItsRecords(Zone zone) {
        if (em.getEntityManagerFactory().getPersistenceUnitUtil().isLoaded(zone, "records")) {
            return zone;
        }
        Optional<Zone> read = read(em, zone.name(), caller.accountId());
        read.ifPresent(Zone::loadWhole);
        return read.orElse(zone);
    }

    /** The number of records of each of the caller's zones {@code ids} (zones without records absent). */
    @RolesAllowed(Right.Names.DNS_ZONES_LIST)
    public Map<Long, Long> recordCounts(Collection<Long> ids) {
        if (ids.isEmpty()) {
            return Map.of();
        }
        List<Object> parameters = new ArrayList<>();
        parameters.add(caller.accountId());
        parameters.addAll(ids);
        List<?> rows = withParameters(
                        em.createNativeQuery("SELECT r.zone_id, COUNT(*) FROM zone_records r JOIN zones z"
                                + " ON z.id = r.zone_id WHERE z.account_id = ? AND r.zone_id IN ("
                                + NameClaims.placeholders(ids.size()) + ") GROUP BY r.zone_id"),
                        parameters)
                .getResultList();
        Map<Long, Long> counts = new java.util.HashMap<>();
        for (Object row : rows) {
            Object[] columns = (Object[]) row;
            counts.put(((Number) columns[0]).longValue(), ((Number) columns[1]).longValue());
        }
        return counts;
    }

    /** A condition on {@code z.name} keeping the token's zones only (with their parameters), or nothing. */
    private String onlyPolicyZones(List<Object> parameters) {
        List<String> zones = access.zones();
        if (zones.isEmpty()) {
            return "";
        }
        parameters.addAll(zones);
        return " AND z.name IN (" + NameClaims.placeholders(zones.size()) + ")";
    }

    private static Query withParameters(Query query, List<Object> parameters) {
        for (int i = 0; i < parameters.size(); i++) {
            query.setParameter(i + 1, parameters.get(i));
        }
        return query;
    }

    /**
     * What a reader sees of a zone: its state, its DNSSEC row (null: unsigned), and, unless the
     * reader already holds a rendering of exactly that state, how many records the zone has, for
     * the reader to load it ({@link #show(String)}) when its memory allows.
     */
    public record Shown(ZoneState state, ZoneDnssec dnssec, long records) {

        /** The reader holds a rendering of this state: nothing to load. */
        public boolean held() {
            return records < 0;
        }
    }

    /**
     * The zone for {@code show}: one cheap query reads its state and its DNSSEC; only when
     * {@code held} does not already know that state are its records counted. No transaction, and
     * the state read over plain JDBC: a container transaction around one read cost five round
     * trips to the database (validation, autocommit off, the read, commit, autocommit on) for one.
     */
    @RolesAllowed(Right.Names.DNS_ZONES_LIST)
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Shown show(String zone, Predicate<ZoneState> held) {
        long account = caller.accountId();
        access.requireZone(normalized(zone));
        Shown read = state(zone, account);
        if (held.test(read.state())) {
            return read;
        }
        long id = read.state().zoneId();
        return new Shown(read.state(), read.dnssec(), recordCounts(List.of(id)).getOrDefault(id, 0L));
    }

    /**
     * How many records the caller's zone of this name holds: what a change of the whole zone loads
     * ({@link ZoneLoads}). 0 for a name that is no zone of the caller's: the change then answers
     * its own error.
     */
    @RolesAllowed(Right.Names.CALLER)
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public long recordCount(String zone) {
        if (zone == null) {
            return 0;
        }
        String name;
        try {
            name = ZoneNames.normalize(zone).name();
        } catch (IllegalArgumentException e) {
            return 0;
        }
        return ((Number) em.createNativeQuery("SELECT COUNT(*) FROM zone_records r JOIN zones z ON z.id = r.zone_id"
                                + " WHERE z.name = ? AND z.account_id = ?")
                        .setParameter(1, name)
                        .setParameter(2, caller.accountId())
                        .getSingleResult())
                .longValue();
    }

    /** The zone with its records, as a show answers it. */
    @RolesAllowed(Right.Names.DNS_ZONES_LIST)
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Zone show(String zone) {
        Zone found = find(em, zone, caller.accountId());
        access.requireZone(found.name());
        return found;
    }

    /**
     * The zone's version plus what its representation shows of rows the version does not
     * cover: user and project lose their link to the zone (ON DELETE SET NULL) without a change
     * of the zone row's version.
     */
    private Shown state(String zone, long account) {
        try {
            return PooledConnections.use(database, connection -> state(connection, zone, account));
        } catch (SQLException e) {
            throw new PersistenceException("The zone's state could not be read: " + e.getMessage(), e);
        }
    }

    private static Shown state(Connection connection, String zone, long account) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("""
                        SELECT z.id, z.created_at, z.version, u.username, p.uuid,
                               d.enabled, d.state, d.unsign_at, d.public_keys
                          FROM zones z LEFT JOIN users u ON u.id = z.user_id LEFT JOIN projects p ON p.id = z.project_id
                               LEFT JOIN zone_dnssec d ON d.zone_id = z.id
                         WHERE z.name = ? AND z.account_id = ?""")) {
            query.setString(1, normalized(zone));
            query.setLong(2, account);
            try (ResultSet row = query.executeQuery()) {
                if (!row.next()) {
                    throw ApiException.notFound("Zone");
                }
                long id = row.getLong(1);
                ZoneState state = stateOf(new Object[] {
                    id, row.getObject(2, LocalDateTime.class), row.getLong(3), row.getString(4), row.getString(5)
                });
                String dnssecState = row.getString(7);
                ZoneDnssec dnssec = dnssecState == null
                        ? null
                        : ZoneDnssec.asRead(
                                id,
                                row.getBoolean(6),
                                dnssecState,
                                row.getObject(8, LocalDateTime.class),
                                row.getString(9));
                return new Shown(state, dnssec, -1);
            }
        }
    }

    /** A row of zone id, created_at, version, user name and project uuid. */
    private static ZoneState stateOf(Object[] row) {
        LocalDateTime createdAt = row[1] instanceof LocalDateTime t ? t : ((Timestamp) row[1]).toLocalDateTime();
        return new ZoneState(
                ((Number) row[0]).longValue(),
                createdAt.truncatedTo(ChronoUnit.SECONDS),
                ((Number) row[2]).longValue(),
                (String) row[3],
                (String) row[4]);
    }

    /** The zone file, its records loaded once the loads under way leave room ({@link ZoneLoads}). */
    @RolesAllowed(Right.Names.DNS_ZONES_LIST)
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public String export(String zone) {
        try (ZoneLoads.Admitted admitted = loads.admit(recordCount(zone))) {
            return ZoneFile.render(show(zone), settings);
        }
    }

    @RolesAllowed(Right.Names.DNS_ZONES_LIST)
    public Statistics statistics() {
        long account = caller.accountId();
        List<String> only = access.zones();
        // A token limited to some zones counts those only.
        String zones = only.isEmpty() ? "" : " AND z.name IN :zones";
        long zoneCount = withZones(
                        em.createQuery("SELECT COUNT(z) FROM Zone z WHERE z.account.id = :a" + zones, Long.class),
                        account,
                        only)
                .getSingleResult();
        long domains = withZones(
                        em.createQuery(
                                "SELECT COUNT(d) FROM AssignedDomain d JOIN d.zone z WHERE z.account.id = :a" + zones,
                                Long.class),
                        account,
                        only)
                .getSingleResult();
        Map<String, Long> byType = new TreeMap<>();
        for (Object[] row : withZones(
                        em.createQuery(
                                "SELECT r.type, COUNT(r) FROM ZoneRecord r JOIN r.zone z WHERE z.account.id = :a"
                                        + zones + " GROUP BY r.type",
                                Object[].class),
                        account,
                        only)
                .getResultList()) {
            byType.put(row[0].toString(), (Long) row[1]);
        }
        return new Statistics(
                zoneCount, byType.values().stream().mapToLong(Long::longValue).sum(), domains, byType);
    }

    private static <T> jakarta.persistence.TypedQuery<T> withZones(
            jakarta.persistence.TypedQuery<T> query, long account, List<String> zones) {
        query.setParameter("a", account);
        return zones.isEmpty() ? query : query.setParameter("zones", zones);
    }

    /**
     * The account's zone of that name (any spelling a client may send: upper case, trailing dot,
     * Unicode). Another account's zone, and a name that cannot be a zone, are 404 alike.
     */
    public static Zone find(EntityManager em, String zone, long accountId) {
        return read(em, zone, accountId).orElseThrow(() -> ApiException.notFound("Zone"));
    }

    private static Optional<Zone> read(EntityManager em, String zone, long accountId) {
        // Readers only: records in the same query, and no change-tracking copies of what nobody changes.
        return em.createNamedQuery(Zone.OF_ACCOUNT_BY_NAME, Zone.class)
                .setParameter("name", normalized(zone))
                .setParameter("account", accountId)
                .setHint("eclipselink.left-join-fetch", "z.records")
                .setHint("eclipselink.read-only", "true")
                .getResultStream()
                .findFirst();
    }

    /**
     * The zone for a writer: its row locked first (writers of one zone queue here), then the zone
     * read, its records left to load when the writer needs them. EclipseLink's own locking read
     * refreshes the zone and loads every record for that (a third of an addition's time on zones
     * of a few hundred records, JFR). The lock comes first in the transaction, so the reads after
     * it see every change committed before it.
     */
    public static Zone locked(EntityManager em, String zone, long accountId) {
        List<?> ids = em.createNativeQuery("SELECT id FROM zones WHERE name = ? AND account_id = ? FOR UPDATE")
                .setParameter(1, normalized(zone))
                .setParameter(2, accountId)
                .getResultList();
        if (ids.isEmpty()) {
            throw ApiException.notFound("Zone");
        }
        return em.find(Zone.class, ((Number) ids.get(0)).longValue());
    }

    /** The zone's name as stored; a name that cannot be a zone's is none the caller has (404). */
    public static String normalizedName(String zone) {
        return normalized(zone);
    }

    private static String normalized(String zone) {
        // Blank is 422 wherever a zone is named, also in a path ({zone}/assignDomain), as the binder says it
        if (zone == null || zone.isBlank()) {
            throw ApiException.invalid("zone", CommonMessages.FIELD_REQUIRED, "must not be blank");
        }
        try {
            return ZoneNames.normalize(zone).name();
        } catch (IllegalArgumentException e) {
            throw ApiException.notFound("Zone");
        }
    }
}
