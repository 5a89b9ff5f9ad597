package net.hostingapi.zones.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.FetchType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import jakarta.persistence.Transient;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/** One record of a zone: name relative to the zone ({@code @} the apex), data normalised; a null ttl inherits the zone's. */
@Entity
@Table(name = "zone_records")
@NamedQuery(
        name = ZoneRecord.OF_ZONE_NAMED,
        query = "SELECT r FROM ZoneRecord r WHERE r.zone = :zone AND r.name IN :names")
public class ZoneRecord {

    public static final String OF_ZONE_NAMED = "ZoneRecord.ofZoneNamed";

    /** Given at creation (zones.control.records.RecordIds), so that new records can be inserted in batches. */
    @Id
    private Long id;

    @ManyToOne(optional = false, fetch = FetchType.LAZY)
    @JoinColumn(name = "zone_id")
    private Zone zone;

    @Column(nullable = false, length = 253)
    private String name;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 16)
    private RecordType type;

    @Column(nullable = false, length = 4096)
    private String data;

    /** TXT data as read by today's rule ({@link TxtData#stored}), worked out once per row read. */
    @Transient
    private String txtData;

    private Integer ttl;

    @Column(name = "created_at", nullable = false)
    private LocalDateTime createdAt;

    @Column(name = "updated_at", nullable = false)
    private LocalDateTime updatedAt;

    protected ZoneRecord() {}

    ZoneRecord(Zone zone, RecordDraft draft, long id) {
        this.id = id;
        this.zone = zone;
        this.name = draft.name();
        this.type = draft.type();
        this.data = draft.data();
        this.ttl = draft.ttl();
        this.createdAt = LocalDateTime.now(ZoneOffset.UTC);
        this.updatedAt = createdAt;
    }

    /** The one change a stored record takes: adding it again with another TTL (null: the zone's). */
    public void changeTtl(Integer newTtl) {
        ttl = newTtl;
        updatedAt = LocalDateTime.now(ZoneOffset.UTC);
    }

    public Long id() {
        return id;
    }

    public String name() {
        return name;
    }

    public RecordType type() {
        return type;
    }

    /**
     * The data in canonical form. TXT rows stored before quoted data was read as presentation
     * format hold {@code "abc"} as sent: read by today's rule, so that they are shown, matched,
     * deleted and published as the record the client meant (no migration rewrites them).
     */
    public String data() {
        if (type != RecordType.TXT) {
            return data;
        }
        if (txtData == null) {
            txtData = TxtData.stored(data);
        }
        return txtData;
    }

    public Integer ttl() {
        return ttl;
    }

    /** The ttl the nameserver publishes: the record's own, or the zone's. */
    public int effectiveTtl() {
        return ttl != null ? ttl : zone.ttl();
    }

    public LocalDateTime createdAt() {
        return createdAt;
    }

    public LocalDateTime updatedAt() {
        return updatedAt;
    }
}
