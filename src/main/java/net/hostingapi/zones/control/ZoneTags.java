package net.hostingapi.zones.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import net.hostingapi.platform.preconditions.control.EntityTags;
import net.hostingapi.platform.preconditions.control.Preconditions;
import net.hostingapi.zones.entity.Zone;
import net.hostingapi.zones.entity.ZoneDnssec;

/**
 * A zone's entity tag (api.md, Conditional requests): made from everything its answer shows. The
 * {@link ZoneState} covers the zone's row (settings, secondaries, SOA serial; every change of
 * records, domains, user, project or DNSSEC raises its version), the DNSSEC summary is kept
 * apart and changed by the nameserver's progress too, so it is in the tag as shown: enabled,
 * state and the public keys (from which the DS come). Writers check If-Match here under the
 * zone's row lock.
 */
@ApplicationScoped
public class ZoneTags {

    @Inject
    Preconditions preconditions;

    /** The tag of a zone in this state with this DNSSEC row (null: none, unsigned). */
    public static String of(ZoneState state, ZoneDnssec dnssec) {
        // an absent row and an unsigned one that is not enabled answer alike, and so tag alike
        boolean enabled = dnssec != null && dnssec.enabled();
        String signing = dnssec == null ? ZoneDnssec.UNSIGNED : dnssec.state();
        String keys = dnssec == null || ZoneDnssec.UNSIGNED.equals(signing) ? null : dnssec.publicKeys();
        return EntityTags.strong(
                "zone",
                state.zoneId(),
                state.createdAt(),
                state.version(),
                state.user(),
                state.projectUuid(),
                enabled,
                signing,
                keys);
    }

    /**
     * The If-Match check of a write to {@code zone}, locked in the caller's transaction; its DNSSEC
     * row is read only when If-Match was sent.
     */
    public void requireMatch(EntityManager em, Zone zone) {
        if (preconditions.ifMatchGiven()) {
            requireMatch(zone, em.find(ZoneDnssec.class, zone.id()));
        }
    }

    /** The same with the zone's DNSSEC row read already (null: none). */
    public void requireMatch(Zone zone, ZoneDnssec dnssec) {
        if (preconditions.ifMatchGiven()) {
            preconditions.requireMatch("zone", of(ZoneState.of(zone), dnssec));
        }
    }

    /** A write that creates the zone: If-Match can match nothing (412). */
    public void requireNoIfMatch() {
        preconditions.requireNoIfMatch("zone");
    }

    /** If-None-Match names this tag: the caller's copy is current (304). */
    public boolean notModified(String tag) {
        return preconditions.notModified(tag);
    }
}
