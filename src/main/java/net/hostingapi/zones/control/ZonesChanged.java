package net.hostingapi.zones.control;

import java.util.Collection;
import java.util.Set;
import java.util.TreeSet;
import net.hostingapi.zones.control.masterfile.ZoneFile;
import net.hostingapi.zones.control.settings.ZoneSettings;
import net.hostingapi.zones.entity.ZoneRecord;

/**
 * Fired by the zones area, inside the transaction of a change, with the names whose served state
 * it changed (a zone's own name, its assigned domains, a dissociated domain). Whoever must act on
 * it (publication, the web-forwarding cache) observes it: in the transaction to write along with
 * the change, or after the commit to act on it. A rollback takes both with it.
 *
 * <p>{@code rrsets} narrows a change of records to the RRsets it touched, each {@code "owner TYPE"}
 * with the owner relative to the zone ({@code @} for the apex) and the type as served, so that
 * publication need not carry the whole zone; {@code null} when anything may have changed (settings,
 * a whole new content, signing, domains). The SOA, whose serial every change moves, is implied.
 *
 * <p>Unlike {@link net.hostingapi.zones.control.editing.ZoneEdited}, a zone's change as its history
 * records it, and {@link net.hostingapi.zones.control.editing.ZoneEditOutcome}, what a change left
 * for its answer, it says only which names are served anew, also for changes outside the editor
 * (DNSSEC timers).
 */
public record ZonesChanged(Set<String> names, Set<String> rrsets) {

    /** More RRsets than this in one change are published as a whole zone. */
    public static final int MOST_RRSETS = 100;

    public static ZonesChanged of(Collection<String> names) {
        return new ZonesChanged(Set.copyOf(names), null);
    }

    /** A change of these records only (added, removed or with another TTL), before or after it. */
    public static ZonesChanged ofRecords(
            Collection<String> names, Collection<ZoneRecord> records, ZoneSettings settings) {
        Set<String> rrsets = new TreeSet<>();
        for (ZoneRecord record : records) {
            for (String[] served : ZoneFile.published(record, settings)) {
                rrsets.add(record.name() + " " + served[0]);
            }
        }
        return new ZonesChanged(Set.copyOf(names), rrsets.size() > MOST_RRSETS ? null : Set.copyOf(rrsets));
    }
}
