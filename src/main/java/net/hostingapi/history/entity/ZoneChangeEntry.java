package net.hostingapi.history.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.NamedNativeQuery;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import java.time.LocalDateTime;

/**
 * A committed change of a zone: who (user, token, address), when, by which operation, the
 * records added and removed and the settings changed (JSON text: lists of {name, type, data,
 * ttl}, and {setting: [before, after]}), the serial before and after. Kept by zone name and
 * account, so that a deleted zone's history stays.
 */
@Entity
@Table(name = "zone_history")
@NamedQuery(
        name = ZoneChangeEntry.OF_ZONE,
        query = "SELECT e FROM ZoneChangeEntry e WHERE e.accountId = :account AND e.zoneName = :zone"
                + " AND e.id < :before ORDER BY e.id DESC")
@NamedNativeQuery(
        name = ZoneChangeEntry.INSERT,
        query = "INSERT INTO zone_history (account_id, zone_id, zone_name, created_at, operation, user_name,"
                + " token_id, address, via, tsig_key, added, removed, settings, serial_before, serial_after, domain)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
public class ZoneChangeEntry {

    /** The entry's insert, its parameters {@link #insertValues()}: see {@code RowInserts}. */
    public static final String INSERT = "ZoneChangeEntry.insert";

    public static final String OF_ZONE = "ZoneChangeEntry.ofZone";

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;

    @Column(name = "account_id", nullable = false)
    private long accountId;

    @Column(name = "zone_id", nullable = false)
    private long zoneId;

    @Column(name = "zone_name", nullable = false)
    private String zoneName;

    @Column(name = "created_at", nullable = false)
    private LocalDateTime createdAt;

    @Column(nullable = false)
    private String operation;

    @Column(name = "user_name")
    private String userName;

    @Column(name = "token_id")
    private Long tokenId;

    private String address;

    @Column(nullable = false)
    private String via;

    @Column(name = "tsig_key")
    private String tsigKey;

    @Column(nullable = false)
    private String added;

    @Column(nullable = false)
    private String removed;

    @Column(nullable = false)
    private String settings;

    @Column(name = "serial_before")
    private Long serialBefore;

    @Column(name = "serial_after")
    private Long serialAfter;

    private String domain;

    protected ZoneChangeEntry() {}

    public ZoneChangeEntry(
            long accountId,
            long zoneId,
            String zoneName,
            LocalDateTime createdAt,
            String operation,
            String userName,
            Long tokenId,
            String address,
            String via,
            String tsigKey,
            String added,
            String removed,
            String settings,
            Long serialBefore,
            Long serialAfter,
            String domain) {
        this.accountId = accountId;
        this.zoneId = zoneId;
        this.zoneName = zoneName;
        this.createdAt = createdAt;
        this.operation = operation;
        this.userName = userName;
        this.tokenId = tokenId;
        this.address = address;
        this.via = via;
        this.tsigKey = tsigKey;
        this.added = added;
        this.removed = removed;
        this.settings = settings;
        this.serialBefore = serialBefore;
        this.serialAfter = serialAfter;
        this.domain = domain;
    }

    /** The values of {@link #INSERT}'s parameters, in its order. */
    public Object[] insertValues() {
        return new Object[] {
            accountId,
            zoneId,
            zoneName,
            createdAt,
            operation,
            userName,
            tokenId,
            address,
            via,
            tsigKey,
            added,
            removed,
            settings,
            serialBefore,
            serialAfter,
            domain
        };
    }

    public Long id() {
        return id;
    }

    public long accountId() {
        return accountId;
    }

    public long zoneId() {
        return zoneId;
    }

    public String zoneName() {
        return zoneName;
    }

    public LocalDateTime createdAt() {
        return createdAt;
    }

    public String operation() {
        return operation;
    }

    public String userName() {
        return userName;
    }

    public Long tokenId() {
        return tokenId;
    }

    public String address() {
        return address;
    }

    /** {@code http} or {@code dns-update} (an RFC 2136 UPDATE). */
    public String via() {
        return via;
    }

    /** The TSIG key an UPDATE was signed with; null for HTTP. */
    public String tsigKey() {
        return tsigKey;
    }

    /** JSON array of {name, type, data, ttl}. */
    public String added() {
        return added;
    }

    /** JSON array of {name, type, data, ttl}. */
    public String removed() {
        return removed;
    }

    /** JSON object {setting: [before, after]}. */
    public String settings() {
        return settings;
    }

    public Long serialBefore() {
        return serialBefore;
    }

    public Long serialAfter() {
        return serialAfter;
    }

    public String domain() {
        return domain;
    }
}
