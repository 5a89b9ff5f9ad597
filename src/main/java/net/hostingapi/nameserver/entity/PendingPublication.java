package net.hostingapi.nameserver.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.NamedNativeQuery;
import jakarta.persistence.Table;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;

/**
 * A name (zone or assigned domain) whose current state has yet to reach the nameserver. Written
 * in the transaction of the change itself, so no committed change can be forgotten.
 */
@Entity
@Table(name = "nameserver_outbox")
@NamedNativeQuery(
        name = PendingPublication.INSERT,
        query = "INSERT INTO nameserver_outbox (name, created_at, attempts, next_attempt_at, last_error, rrsets)"
                + " VALUES (?, ?, ?, ?, ?, ?)")
public class PendingPublication {

    /** The entry's insert, its parameters {@link #insertValues()}: see {@code RowInserts}. */
    public static final String INSERT = "PendingPublication.insert";

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;

    @Column(nullable = false, length = 253)
    private String name;

    @Column(name = "created_at", nullable = false)
    private LocalDateTime createdAt;

    @Column(nullable = false)
    private int attempts;

    @Column(name = "next_attempt_at", nullable = false)
    private LocalDateTime nextAttemptAt;

    @Column(name = "last_error", length = 500)
    private String lastError;

    /** The RRsets the change touched, one {@code "owner TYPE"} per line; null: the whole name. */
    @Column(name = "rrsets")
    private String rrsets;

    protected PendingPublication() {}

    public PendingPublication(String name) {
        this(name, null);
    }

    /** {@code rrsets}: those the change touched ({@code "owner TYPE"}), or null for the whole name. */
    public PendingPublication(String name, Collection<String> rrsets) {
        this.name = name;
        this.rrsets = rrsets == null ? null : String.join("\n", rrsets);
        this.createdAt = LocalDateTime.now(ZoneOffset.UTC);
        this.nextAttemptAt = createdAt;
    }

    /** The RRsets of a stored {@code rrsets} column (not null), as the constructor wrote them. */
    public static List<String> rrsetsOf(String stored) {
        return Arrays.stream(stored.split("\n"))
                .filter(rrset -> rrset.indexOf(' ') > 0)
                .toList();
    }

    /** Backs off exponentially from one second up to {@code longest}. */
    public void failed(String error, Duration longest) {
        attempts++;
        long seconds = Math.min(longest.toSeconds(), 1L << Math.min(attempts - 1, 20));
        nextAttemptAt = LocalDateTime.now(ZoneOffset.UTC).plusSeconds(Math.max(1, seconds));
        lastError = error == null ? null : error.substring(0, Math.min(500, error.length()));
    }

    /** The values of {@link #INSERT}'s parameters, in its order. */
    public Object[] insertValues() {
        return new Object[] {name, createdAt, attempts, nextAttemptAt, lastError, rrsets};
    }

    public Long id() {
        return id;
    }

    public String name() {
        return name;
    }

    public LocalDateTime createdAt() {
        return createdAt;
    }

    public int attempts() {
        return attempts;
    }
}
