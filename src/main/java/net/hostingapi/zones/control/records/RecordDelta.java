package net.hostingapi.zones.control.records;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import net.hostingapi.zones.entity.RecordDraft;

/** What replacing a zone's records changes: the records added and the records removed (name, type, data, TTL). */
public record RecordDelta(List<RecordDraft> added, List<RecordDraft> removed) {

    public static RecordDelta between(Collection<RecordDraft> before, Collection<RecordDraft> after) {
        Set<RecordDraft> old = new LinkedHashSet<>(before);
        Set<RecordDraft> now = new LinkedHashSet<>(after);
        return new RecordDelta(
                now.stream().filter(d -> !old.contains(d)).toList(),
                old.stream().filter(d -> !now.contains(d)).toList());
    }

    /** Added and removed together: what a token's policy must allow. */
    public List<RecordDraft> all() {
        List<RecordDraft> all = new ArrayList<>(added);
        all.addAll(removed);
        return all;
    }
}
