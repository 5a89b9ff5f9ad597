package net.hostingapi.zones.boundary;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import net.hostingapi.platform.control.JsonText;
import net.hostingapi.zones.control.ZoneCatalog;
import net.hostingapi.zones.control.ZoneEditor;
import net.hostingapi.zones.control.ZoneState;
import net.hostingapi.zones.entity.Zone;
import net.hostingapi.zones.entity.ZoneRecord;

/**
 * Zones as the API answers them, rendered once per state of the zone. Loading a zone's records
 * and writing them out took three quarters of a show (JFR); a zone is read far more often than
 * it changes. Every show still reads the zone's state from the database, with the caller's
 * account, so a change made through any instance, and any loss of access, counts at once;
 * only unchanged zones are answered from here. A change answers with the whole zone: its
 * rendering reuses the written-out records of the previous one (a record never changes once
 * stored, except its TTL, which is compared), an addition adds its records to them without reading the zone's others, and the
 * result is what shows answer with next. Bounded by the characters held.
 */
@ApplicationScoped
public class RenderedZones {

    /** About 64 MB of rendered zones per instance: some thousand zones of 100 records. */
    static final long CAPACITY_CHARS = 64L << 20;

    /** A record's text with what orders it in the zone (as {@code Zone.records()} does). */
    private record WrittenRecord(String name, String type, long id, Integer ttl, String text) {

        static final Comparator<WrittenRecord> ORDER = Comparator.comparing(WrittenRecord::name)
                .thenComparing(WrittenRecord::type)
                .thenComparingLong(WrittenRecord::id);

        static WrittenRecord of(ZoneRecord record, Zone zone) {
            // No id yet (never so after a commit): 0, and such a rendering is not kept.
            return new WrittenRecord(
                    record.name(),
                    record.type().name(),
                    record.id() == null ? 0 : record.id(),
                    record.ttl(),
                    ZoneRepresentations.record(record, zone).toString());
        }
    }

    private record Rendering(ZoneState state, JsonText text, List<WrittenRecord> records, long length) {

        Rendering(ZoneState state, JsonText text, List<WrittenRecord> records) {
            this(
                    state,
                    text,
                    records,
                    text.length()
                            + records.stream().mapToLong(r -> r.text().length()).sum());
        }
    }

    private final Map<Long, Rendering> byZone = new ConcurrentHashMap<>();
    private long heldChars;

    @Inject
    ZoneCatalog catalog;

    JsonText show(String zone) {
        JsonText[] held = new JsonText[1];
        ZoneCatalog.Shown shown = catalog.show(zone, state -> (held[0] = current(state)) != null);
        if (shown.zone() == null) {
            return held[0];
        }
        return render(shown.zone(), shown.state());
    }

    /** The zones a list answers, written out as a JSON array, and how many match the query in all. */
    record Listed(JsonText zones, long total) {}

    /**
     * A list: the states of the zones in one query, then, in chunks, only the zones whose
     * rendering of that state is not held. Listing an account's zones loaded every zone with its
     * records, domains, user and project and wrote each out anew at every call.
     */
    Listed list(ZoneCatalog.ZoneQuery query) {
        ZoneCatalog.Listing listing = catalog.list(query);
        Map<Long, JsonText> texts = new HashMap<>();
        List<Long> missing = new ArrayList<>();
        for (ZoneState state : listing.states()) {
            JsonText held = current(state);
            if (held != null) {
                texts.put(state.zoneId(), held);
            } else {
                missing.add(state.zoneId());
            }
        }
        for (int from = 0; from < missing.size(); from += LOAD_CHUNK) {
            for (Zone zone : catalog.zones(missing.subList(from, Math.min(missing.size(), from + LOAD_CHUNK)))) {
                texts.put(zone.id(), render(zone));
            }
        }
        StringBuilder array = new StringBuilder("[");
        for (ZoneState state : listing.states()) {
            JsonText text = texts.get(state.zoneId()); // null: deleted between the two reads
            if (text != null) {
                array.append(array.length() > 1 ? "," : "").append(text.json());
            }
        }
        return new Listed(new JsonText(array.append(']').toString()), listing.total());
    }

    /** Zones loaded per query when a list misses their renderings. */
    private static final int LOAD_CHUNK = 500;

    /** The zone as changed (or loaded) right now, remembered for the shows that follow. */
    JsonText render(Zone zone) {
        return render(zone, ZoneState.of(zone));
    }

    /**
     * The zone after an addition: when the rendering held is the zone's state before it, that
     * rendering's records plus the added ones; otherwise the whole zone, read anew.
     */
    JsonText render(ZoneEditor.Changed changed) {
        Rendering previous =
                changed.before() == null ? null : byZone.get(changed.before().zoneId());
        Zone zone = changed.zone();
        if (previous == null
                || !previous.state().equals(changed.before())
                || changed.added().stream().anyMatch(r -> r.id() == null)) {
            return render(zone);
        }
        List<WrittenRecord> records = new ArrayList<>(previous.records());
        for (ZoneRecord added : changed.added()) {
            WrittenRecord written = WrittenRecord.of(added, zone);
            int at = Collections.binarySearch(records, written, WrittenRecord.ORDER);
            records.add(at < 0 ? -at - 1 : at, written);
        }
        return keep(ZoneState.of(zone), zone, records);
    }

    private JsonText render(Zone zone, ZoneState state) {
        Rendering previous = byZone.get(state.zoneId());
        Map<Long, WrittenRecord> known = new HashMap<>();
        if (previous != null) {
            previous.records().forEach(r -> known.put(r.id(), r));
        }
        List<WrittenRecord> records = new ArrayList<>();
        for (ZoneRecord record : zone.records()) {
            WrittenRecord kept = record.id() == null ? null : known.get(record.id());
            // Its TTL is the one thing of a stored record that changes (added again with another).
            records.add(
                    kept != null && Objects.equals(kept.ttl(), record.ttl()) ? kept : WrittenRecord.of(record, zone));
        }
        return keep(state, zone, records);
    }

    private JsonText keep(ZoneState state, Zone zone, List<WrittenRecord> records) {
        JsonText text = ZoneRepresentations.zoneText(
                zone, records.stream().map(WrittenRecord::text).toList());
        if (records.stream().noneMatch(r -> r.id() == 0)) {
            keep(new Rendering(state, text, List.copyOf(records)));
        }
        return text;
    }

    private JsonText current(ZoneState state) {
        Rendering rendering = byZone.get(state.zoneId());
        return rendering != null && rendering.state().equals(state) ? rendering.text() : null;
    }

    /** Rare (once per change of a shown zone), so one lock keeps the count exact. */
    private synchronized void keep(Rendering rendering) {
        long length = rendering.length();
        if (length > CAPACITY_CHARS / 4) {
            return;
        }
        Rendering replaced = byZone.put(rendering.state().zoneId(), rendering);
        heldChars += length - (replaced == null ? 0 : replaced.length());
        // Over capacity: drop others, whichever come first (a miss costs one load, nothing more).
        Iterator<Rendering> others = byZone.values().iterator();
        while (heldChars > CAPACITY_CHARS && others.hasNext()) {
            Rendering evicted = others.next();
            if (evicted != rendering) {
                others.remove();
                heldChars -= evicted.length();
            }
        }
    }
}
