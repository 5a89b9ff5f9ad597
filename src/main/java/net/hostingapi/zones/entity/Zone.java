package net.hostingapi.zones.entity;

import jakarta.persistence.CascadeType;
import jakarta.persistence.Column;
import jakarta.persistence.ColumnResult;
import jakarta.persistence.Entity;
import jakarta.persistence.EntityResult;
import jakarta.persistence.FetchType;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.OneToMany;
import jakarta.persistence.OrderBy;
import jakarta.persistence.SqlResultSetMapping;
import jakarta.persistence.Table;
import jakarta.persistence.Transient;
import jakarta.persistence.Version;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.LongSupplier;
import java.util.function.Predicate;
import net.hostingapi.accounts.entity.Account;
import net.hostingapi.accounts.entity.ApiUser;
import net.hostingapi.accounts.entity.Project;

/**
 * A DNS zone of an account: its SOA settings, records and assigned domains. Every change raises
 * the SOA serial ({@code YYYYMMDDnn}); the version column makes concurrent writers that would
 * overwrite each other fail instead (optimistic locking).
 */
@Entity
@Table(name = "zones")
@NamedQuery(
        name = Zone.OF_ACCOUNT_BY_IDS,
        query = "SELECT z FROM Zone z WHERE z.account.id = :account AND z.id IN :ids")
@NamedQuery(
        name = Zone.BY_NAME_WITH_DNSSEC,
        query = "SELECT z, d FROM Zone z LEFT JOIN ZoneDnssec d ON d.zoneId = z.id WHERE z.name = :name")
@SqlResultSetMapping(
        name = Zone.WITH_COUNT_AND_DNSSEC,
        entities = @EntityResult(entityClass = Zone.class),
        columns = {
            @ColumnResult(name = "record_count", type = Long.class),
            @ColumnResult(name = "dnssec_enabled", type = Boolean.class),
            @ColumnResult(name = "dnssec_state", type = String.class),
            @ColumnResult(name = "dnssec_unsign_at", type = LocalDateTime.class),
            @ColumnResult(name = "dnssec_public_keys", type = String.class),
            @ColumnResult(name = "foreign_names", type = Integer.class),
            @ColumnResult(name = "has_domains", type = Integer.class),
            @ColumnResult(name = "names_present", type = Integer.class)
        })
@NamedQuery(
        name = Zone.OF_ACCOUNT_BY_NAME,
        query = "SELECT z FROM Zone z WHERE z.name = :name AND z.account.id = :account")
public class Zone {

    public static final String OF_ACCOUNT_BY_IDS = "Zone.ofAccountByIds";
    /** A zone by name with its DNSSEC row (null: unsigned), as {@code Object[]{Zone, ZoneDnssec}}. */
    public static final String BY_NAME_WITH_DNSSEC = "Zone.byNameWithDnssec";

    public static final String OF_ACCOUNT_BY_NAME = "Zone.ofAccountByName";
    /** A zone's row with its number of records, its DNSSEC row's columns (null: unsigned) and a check of names. */
    public static final String WITH_COUNT_AND_DNSSEC = "Zone.withCountAndDnssec";

    private static final DateTimeFormatter DAY = DateTimeFormatter.BASIC_ISO_DATE;
    private static final Comparator<ZoneRecord> RECORD_ORDER = Comparator.comparing(ZoneRecord::name)
            .thenComparing(r -> r.type().name())
            .thenComparing(r -> r.id() == null ? Long.MAX_VALUE : r.id());

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;

    @ManyToOne(optional = false, fetch = FetchType.LAZY)
    @JoinColumn(name = "account_id")
    private Account account;

    @Column(nullable = false, unique = true, length = 253)
    private String name;

    @Column(name = "name_unicode", nullable = false, length = 253)
    private String nameUnicode;

    @Column(nullable = false)
    private long serial;

    @Column(nullable = false, length = 254)
    private String hostmaster;

    @Column(nullable = false)
    private int refresh;

    @Column(nullable = false)
    private int retry;

    @Column(nullable = false)
    private int expire;

    @Column(nullable = false)
    private int ttl;

    @Column(name = "ns_first", nullable = false, length = 253)
    private String nsFirst;

    @Column(name = "ns_second", nullable = false, length = 253)
    private String nsSecond;

    @ManyToOne(fetch = FetchType.LAZY)
    @JoinColumn(name = "user_id")
    private ApiUser user;

    @ManyToOne(fetch = FetchType.LAZY)
    @JoinColumn(name = "project_id")
    private Project project;

    @Version
    private long version;

    @OneToMany(mappedBy = "zone", cascade = CascadeType.ALL, orphanRemoval = true)
    private List<ZoneRecord> records = new ArrayList<>();

    @OneToMany(mappedBy = "zone", cascade = CascadeType.ALL, orphanRemoval = true)
    @OrderBy("name ASC")
    private List<AssignedDomain> domains = new ArrayList<>();

    /** {@link ZoneSecondary#json}: null for none. */
    @Column(name = "secondaries", length = 4096)
    private String secondaries;

    @Column(name = "created_at", nullable = false)
    private LocalDateTime createdAt;

    @Transient
    private boolean readWithoutDomains;

    @Column(name = "updated_at", nullable = false)
    private LocalDateTime updatedAt;

    protected Zone() {}

    public Zone(Account account, String name, String nameUnicode, SoaSettings soa, String nsFirst, String nsSecond) {
        this.account = account;
        this.name = name;
        this.nameUnicode = nameUnicode;
        this.hostmaster = soa.hostmaster();
        this.refresh = soa.refresh();
        this.retry = soa.retry();
        this.expire = soa.expire();
        this.ttl = soa.ttl();
        this.nsFirst = nsFirst;
        this.nsSecond = nsSecond;
        this.createdAt = LocalDateTime.now(ZoneOffset.UTC);
        this.updatedAt = createdAt;
        this.serial = nextSerial(0, createdAt.toLocalDate());
    }

    /** Changes the given SOA settings; null leaves one as it is. Tells whether any changed. */
    public boolean configure(
            String newHostmaster, Integer newRefresh, Integer newRetry, Integer newExpire, Integer newTtl) {
        boolean changed = false;
        if (newHostmaster != null && !newHostmaster.equals(hostmaster)) {
            hostmaster = newHostmaster;
            changed = true;
        }
        if (newRefresh != null && newRefresh != refresh) {
            refresh = newRefresh;
            changed = true;
        }
        if (newRetry != null && newRetry != retry) {
            retry = newRetry;
            changed = true;
        }
        if (newExpire != null && newExpire != expire) {
            expire = newExpire;
            changed = true;
        }
        if (newTtl != null && newTtl != ttl) {
            ttl = newTtl;
            changed = true;
        }
        return changed;
    }

    public void assignTo(ApiUser newUser) {
        user = newUser;
    }

    /** Null clears the project. */
    public void assignTo(Project newProject) {
        project = newProject;
    }

    /**
     * Adds a record the caller has checked against the records of its name, with the id it took
     * for it. It leaves the zone's other records unloaded (the lazy list takes the addition without
     * reading the rest), so adding to a large zone costs what adding to a small one does.
     */
    public ZoneRecord add(RecordDraft draft, long id) {
        ZoneRecord record = new ZoneRecord(this, draft, id);
        records.add(record);
        return record;
    }

    public List<ZoneRecord> removeRecords(Predicate<ZoneRecord> matching) {
        List<ZoneRecord> removed = records.stream().filter(matching).toList();
        records.removeAll(removed);
        return removed;
    }

    /** The whole-zone update: the given records, free of repetitions, replace all records; each takes an id from {@code ids}. */
    public void replaceRecords(List<RecordDraft> drafts, LongSupplier ids) {
        records.clear();
        drafts.forEach(draft -> add(draft, ids.getAsLong()));
    }

    public boolean isAssigned(String domain) {
        return domains.stream().anyMatch(d -> d.name().equals(domain));
    }

    public void assign(String domain) {
        if (!isAssigned(domain)) {
            domains.add(new AssignedDomain(this, domain));
        }
    }

    public void dissociate(String domain) {
        domains.removeIf(d -> d.name().equals(domain));
    }

    public void dissociateAll() {
        domains.clear();
    }

    /** Records a change: the serial rises (to today's first serial, or by one), the timestamp moves. */
    public void changed() {
        updatedAt = LocalDateTime.now(ZoneOffset.UTC);
        serial = nextSerial(serial, updatedAt.toLocalDate());
    }

    /** {@code YYYYMMDDnn}: today's {@code 01}, or one more than the current serial if that is higher. */
    static long nextSerial(long current, LocalDate today) {
        long todaysFirst = Long.parseLong(today.format(DAY)) * 100 + 1;
        return Math.max(todaysFirst, current + 1);
    }

    /** Rises with every committed change of the zone (optimistic locking, and the state readers cache by). */
    public long version() {
        return version;
    }

    public Long id() {
        return id;
    }

    public String name() {
        return name;
    }

    public String nameUnicode() {
        return nameUnicode;
    }

    public long serial() {
        return serial;
    }

    public String hostmaster() {
        return hostmaster;
    }

    public int refresh() {
        return refresh;
    }

    public int retry() {
        return retry;
    }

    public int expire() {
        return expire;
    }

    public int ttl() {
        return ttl;
    }

    public String nsFirst() {
        return nsFirst;
    }

    public String nsSecond() {
        return nsSecond;
    }

    public ApiUser user() {
        return user;
    }

    /** The secondaries that transfer the zone, in the order given. */
    public List<ZoneSecondary> secondaries() {
        return ZoneSecondary.parse(secondaries);
    }

    /** Sets the zone's secondaries (an empty list: none); tells whether they changed. */
    public boolean transferTo(List<ZoneSecondary> newSecondaries) {
        if (newSecondaries.equals(secondaries())) {
            return false;
        }
        secondaries = ZoneSecondary.json(newSecondaries);
        return true;
    }

    public Project project() {
        return project;
    }

    /** Reads now what is otherwise read on first use: records, domains, user and project. */
    public void loadWhole() {
        records.size();
        domains.size();
        user();
        project();
    }

    /** Ordered by name, type and id, however they were loaded or added. */
    public List<ZoneRecord> records() {
        return records.stream().sorted(RECORD_ORDER).toList();
    }

    public List<AssignedDomain> domains() {
        return readWithoutDomains ? List.of() : List.copyOf(domains);
    }

    /**
     * Tells the zone, read under its lock together with the fact that it has no assigned domains
     * (an addition's locking read), that its domains need no query of their own; they cannot change
     * while the lock is held.
     */
    public void readWithoutDomains() {
        readWithoutDomains = true;
    }

    public LocalDateTime createdAt() {
        return createdAt;
    }

    public LocalDateTime updatedAt() {
        return updatedAt;
    }
}
