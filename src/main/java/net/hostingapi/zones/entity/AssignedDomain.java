package net.hostingapi.zones.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/** A domain served with a zone's records; bound to at most one zone across all accounts. */
@Entity
@Table(name = "zone_domains")
@NamedQuery(name = AssignedDomain.BY_NAME, query = "SELECT d FROM AssignedDomain d WHERE d.name = :name")
public class AssignedDomain {

    public static final String BY_NAME = "AssignedDomain.byName";

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;

    @ManyToOne(optional = false, fetch = FetchType.LAZY)
    @JoinColumn(name = "zone_id")
    private Zone zone;

    @Column(nullable = false, unique = true, length = 253)
    private String name;

    @Column(name = "created_at", nullable = false)
    private LocalDateTime createdAt;

    protected AssignedDomain() {}

    AssignedDomain(Zone zone, String name) {
        this.zone = zone;
        this.name = name;
        this.createdAt = LocalDateTime.now(ZoneOffset.UTC);
    }

    public Zone zone() {
        return zone;
    }

    public String name() {
        return name;
    }

    public LocalDateTime createdAt() {
        return createdAt;
    }
}
