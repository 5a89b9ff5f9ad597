package net.hostingapi.zones.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * Whether a zone is signed, and how far its nameserver got: {@code signing} until the nameserver
 * serves signed answers, {@code signed}, {@code removing} while the RFC 8078 delete records are
 * served and the zone is still signed (until {@link #unsignAt()}), {@code unsigned}. Holds the
 * public keys and their DS as the nameserver serves them (a JSON array), never a private key. A
 * zone without a row is unsigned.
 */
@Entity
@Table(name = "zone_dnssec")
public class ZoneDnssec {

    public static final String UNSIGNED = "unsigned";
    public static final String SIGNING = "signing";
    public static final String SIGNED = "signed";
    public static final String REMOVING = "removing";

    @Id
    @Column(name = "zone_id")
    private Long zoneId;

    @Column(nullable = false)
    private boolean enabled;

    @Column(nullable = false, length = 16)
    private String state;

    @Column(name = "unsign_at")
    private LocalDateTime unsignAt;

    @Column(name = "public_keys")
    private String publicKeys;

    @Column(name = "updated_at", nullable = false)
    private LocalDateTime updatedAt;

    protected ZoneDnssec() {}

    /** The row as read with a zone's state (show), not managed: read in the same query as the zone. */
    public static ZoneDnssec asRead(
            long zoneId, boolean enabled, String state, LocalDateTime unsignAt, String publicKeys) {
        ZoneDnssec read = new ZoneDnssec(zoneId);
        read.enabled = enabled;
        read.state = state;
        read.unsignAt = unsignAt;
        read.publicKeys = publicKeys;
        return read;
    }

    public ZoneDnssec(long zoneId) {
        this.zoneId = zoneId;
        this.state = UNSIGNED;
        this.updatedAt = LocalDateTime.now(ZoneOffset.UTC);
    }

    /**
     * Signs from now on. While the signatures are being removed the zone is still signed: that
     * removal is cancelled and the zone is signed again at once (its keys never left).
     */
    public void enable() {
        enabled = true;
        state = REMOVING.equals(state) || SIGNED.equals(state) ? SIGNED : SIGNING;
        unsignAt = null;
        updatedAt = LocalDateTime.now(ZoneOffset.UTC);
    }

    /** Publishes the delete records and keeps signing until {@code unsignAt}; nothing to do when unsigned. */
    public void disable(LocalDateTime until) {
        enabled = false;
        if (UNSIGNED.equals(state)) {
            return;
        }
        if (!REMOVING.equals(state)) {
            unsignAt = until;
        }
        state = REMOVING;
        updatedAt = LocalDateTime.now(ZoneOffset.UTC);
    }

    public Long zoneId() {
        return zoneId;
    }

    public boolean enabled() {
        return enabled;
    }

    public String state() {
        return state;
    }

    public LocalDateTime unsignAt() {
        return unsignAt;
    }

    /** JSON array of {key_tag, algorithm, flags, dnskey, ds[]}, or null before the nameserver told. */
    public String publicKeys() {
        return publicKeys;
    }

    public LocalDateTime updatedAt() {
        return updatedAt;
    }
}
