package net.hostingapi.zones.boundary;

import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import net.hostingapi.platform.json.control.JsonText;
import net.hostingapi.platform.json.control.StreamedJson;
import net.hostingapi.zones.control.ZoneCatalog;
import net.hostingapi.zones.control.ZoneLoads;
import net.hostingapi.zones.control.ZoneState;
import net.hostingapi.zones.control.ZoneTags;
import net.hostingapi.zones.control.dnssec.ZoneSigning;
import net.hostingapi.zones.control.editing.AdditionChains;
import net.hostingapi.zones.control.editing.AdditionCommitted;
import net.hostingapi.zones.control.editing.ZoneEditOutcome;
import net.hostingapi.zones.entity.Zone;
import net.hostingapi.zones.entity.ZoneDnssec;
import net.hostingapi.zones.entity.ZoneRecord;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;

/**
 * Zones as the API answers them, rendered once per state of the zone. Loading a zone's records
 * and writing them out took three quarters of a show (JFR); a zone is read far more often than
 * it changes. Every show still reads the zone's state from the database, with the caller's
 * account, so a change made through any instance, and any loss of access, counts at once;
 * only unchanged zones are answered from here. A change answers with the whole zone: its
 * rendering reuses the written-out records of the previous one (a record never changes once
 * stored, except its TTL, which is compared), an addition adds its records to them without reading the zone's others, and the
 * result is what shows answer with next. A rendering is kept only of records read with the
 * zone's row, so that building on it never adds a record it already holds. Bounded by the bytes held.
 * Fed by the zones' control: an addition as soon as it commits, and the records added since a
 * state held ({@link AdditionChains}); it only shapes them.
 */
@ApplicationScoped
public class RenderedZones {

    /** About 64 MB of rendered zones per instance: some thousand zones of 100 records. */
    static final long CAPACITY_BYTES = 64L << 20;

    /** A record's text with what orders it in the zone (as {@code Zone.records()} does). */
    private record WrittenRecord(String name, String type, long id, Integer ttl, JsonText text) {

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
                    JsonText.of(ZoneRepresentations.record(record, zone)));
        }
    }

    private record Rendering(ZoneState state, JsonText text, List<WrittenRecord> records) {

        /**
         * The heap it holds: the text, which holds the records' texts, not copies of them, and
         * each record's own objects (its entry, its text's holder and array, its name). Counted
         * by the text alone, a cache of 430 zones of 1,000 records took twice its 64 MB
         * ({@code jmap -histo:live}: some 150 bytes a record beside its text).
         */
        long length() {
            return text.length() + (long) records.size() * RECORD_OVERHEAD_BYTES;
        }
    }

    private static final int RECORD_OVERHEAD_BYTES = 150;

    static final String ZONE_LOADS = "zone_loads_total";

    private final KeptByZone<Rendering> byZone = new KeptByZone<>(CAPACITY_BYTES, Rendering::length);

    @EJB
    ZoneCatalog catalog;

    @EJB
    ZoneSigning signing;

    @Inject
    ZoneLoads zoneLoads;

    @Inject
    AdditionChains chains;

    @Inject
    MetricRegistry metrics;

    @Inject
    ZoneTags tags;

    /**
     * A zone as answered and its entity tag, made of the very state and DNSSEC the text shows; a
     * null text: the caller's copy is current (304).
     */
    record Answer(JsonText text, String tag) {}

    /** Zones read whole from the database to be answered: no kept rendering was their state. */
    private void loaded(int zones) {
        metrics.counter(Metadata.builder()
                        .withName(ZONE_LOADS)
                        .withDescription(
                                "Zones read with all their records to be answered, no kept rendering being their state")
                        .build())
                .inc(zones);
    }

    /**
     * The zone with its DNSSEC (read apart: the nameserver's progress changes it, not the zone's
     * version). When If-None-Match names its tag nothing is loaded or rendered (304).
     */
    Answer show(String zone) {
        JsonText[] held = new JsonText[1];
        ZoneCatalog.Shown shown = catalog.show(zone, state -> (held[0] = current(state)) != null);
        String tag = ZoneTags.of(shown.state(), shown.dnssec());
        if (tags.notModified(tag)) {
            return new Answer(null, tag);
        }
        JsonText text = shown.held() ? held[0] : load(zone, shown);
        // read with the zone's state, in its query
        return new Answer(ZoneRepresentations.withDnssec(text, shown.dnssec(), true), tag);
    }

    /**
     * A zone no rendering of which is held, loaded for a show once the loads under way leave room
     * for its records (see {@link ZoneLoads}); rendered by another show meanwhile, that rendering.
     */
    private JsonText load(String zone, ZoneCatalog.Shown shown) {
        try (ZoneLoads.Admitted admitted = zoneLoads.admit(shown.records())) {
            JsonText held = current(shown.state());
            if (held != null) {
                return held;
            }
            Zone loaded = catalog.show(zone);
            loaded(1);
            return render(loaded, ZoneState.of(loaded));
        }
    }

    /** The zones a list answers, a JSON array written while the answer is sent; how many match the query in all (null: not counted); the next page's cursor. */
    record Listed(StreamedJson zones, Long total, String next) {}

    /**
     * A list: the states of the zones in one query, here (a database that fails fails the request
     * before anything is sent); then, while the answer is written, chunk by chunk, the renderings
     * held for those states, and the zones whose rendering is not held loaded a load at a time and
     * written out before the next load. A list holds one load's zones at a time: an account of
     * 100,000 zones assembled as one text ran a 512 MiB heap out of memory, and so did eight lists
     * at once of 800 zones of 1,000 records while each held a chunk's 500 zones. Listing an
     * account's zones loaded every zone with its records, domains, user and project and wrote
     * each out anew at every call.
     */
    Listed list(ZoneCatalog.ZoneQuery query) {
        ZoneCatalog.Listing listing = catalog.list(query);
        List<ZoneState> states = listing.states();
        StreamedJson array = out -> {
            out.write('[');
            boolean first = true;
            for (int from = 0; from < states.size(); from += LOAD_CHUNK) {
                List<ZoneState> chunk = states.subList(from, Math.min(states.size(), from + LOAD_CHUNK));
                List<Long> missing = new ArrayList<>();
                for (ZoneState state : chunk) {
                    if (current(state) == null) {
                        missing.add(state.zoneId());
                    }
                }
                Set<Long> toLoad = new HashSet<>(missing);
                Iterator<Load> loads = loads(missing).iterator();
                Loaded loaded = Loaded.NONE;
                Map<Long, ZoneDnssec> dnssec =
                        signing.of(chunk.stream().map(ZoneState::zoneId).toList());
                for (ZoneState state : chunk) {
                    long id = state.zoneId();
                    JsonText text = current(state);
                    if (text == null && !toLoad.contains(id)) {
                        // held a moment ago, let go since: loaded alone
                        text = load(new Load(
                                        List.of(id),
                                        catalog.recordCounts(List.of(id)).getOrDefault(id, 0L)))
                                .texts()
                                .get(id);
                    } else if (text == null) {
                        // missing zones come in the chunk's order, and so do the loads
                        while (!loaded.ids().contains(id) && loads.hasNext()) {
                            loaded = load(loads.next());
                        }
                        text = loaded.texts().get(id); // null: deleted between the two reads
                    }
                    if (text != null) {
                        if (!first) {
                            out.write(',');
                        }
                        // the zone's members, then its DNSSEC: written out, not copied into a new text
                        ZoneRepresentations.withDnssec(text, dnssec.get(state.zoneId()), true)
                                .writeTo(out);
                        first = false;
                    }
                }
            }
            out.write(']');
        };
        return new Listed(array, listing.total(), listing.next());
    }

    /** Zones asked for in one load, and those found with their texts (a zone deleted since is not). */
    private record Loaded(Set<Long> ids, Map<Long, JsonText> texts) {
        static final Loaded NONE = new Loaded(Set.of(), Map.of());
    }

    /** Zones a list loads together, and how many records they hold in all. */
    private record Load(List<Long> ids, long records) {}

    /** The zones of {@code load}, loaded and rendered once admitted. */
    private Loaded load(Load load) {
        try (ZoneLoads.Admitted admitted = zoneLoads.admit(load.records())) {
            Map<Long, JsonText> texts = new HashMap<>();
            for (Zone zone : catalog.zones(load.ids())) {
                texts.put(zone.id(), plain(zone));
            }
            loaded(texts.size());
            return new Loaded(Set.copyOf(load.ids()), texts);
        }
    }

    /**
     * Zones whose renderings a list looks up at a time, and so the most ids in the IN lists of the
     * load's queries: at most MariaDB's {@code eq_range_index_dive_limit} (200 unless set), so that
     * it counts the records of those zones in the index rather than estimate them. With 500, MariaDB
     * 11.4 read all of {@code zone_records} for each load once a full benchmark run had been through
     * its buffer pool ({@code EXPLAIN}: {@code ALL}, 1.4 million rows, where 450 still took the
     * index), and the whole list of 100,000 zones took 77 s instead of 8.
     */
    private static final int LOAD_CHUNK = 200;

    /**
     * Records a list loads at most at once (a zone with more alone): 500 zones of 1,000 records ran
     * a 512 MiB heap out of memory, and so did 16 lists at once loading 20,000 records each.
     */
    private static final long RECORDS_PER_LOAD = 5_000;

    /** The zones {@code ids} in loads of at most {@link #RECORDS_PER_LOAD} records, in their order. */
    private List<Load> loads(List<Long> ids) {
        Map<Long, Long> counts = catalog.recordCounts(ids);
        List<Load> loads = new ArrayList<>();
        List<Long> load = new ArrayList<>();
        long records = 0;
        for (Long id : ids) {
            long count = counts.getOrDefault(id, 0L);
            if (!load.isEmpty() && records + count > RECORDS_PER_LOAD) {
                loads.add(new Load(load, records));
                load = new ArrayList<>();
                records = 0;
            }
            load.add(id);
            records += count;
        }
        if (!load.isEmpty()) {
            loads.add(new Load(load, records));
        }
        return loads;
    }

    /** The zone as changed right now, remembered for the shows that follow. */
    Answer render(Zone zone) {
        Zone read = withItsRecords(zone);
        return withDnssec(new Plain(ZoneState.of(read), plain(read)));
    }

    /** A zone's text without its DNSSEC, and the state it shows. */
    private record Plain(ZoneState state, JsonText text) {}

    private Zone withItsRecords(Zone zone) {
        Zone read = catalog.withItsRecords(zone);
        loaded(1);
        return read;
    }

    /** Without its DNSSEC: what is kept, per state of the zone. */
    private JsonText plain(Zone zone) {
        return render(zone, ZoneState.of(zone));
    }

    /**
     * Every zone answer carries the zone's DNSSEC as show does, so an answer and the show after
     * it are alike; read apart from the kept rendering (the nameserver's progress changes it,
     * not the zone's version).
     */
    private Answer withDnssec(Plain zone) {
        long id = zone.state().zoneId();
        return withDnssec(zone, signing.of(List.of(id)).get(id));
    }

    private static Answer withDnssec(Plain zone, ZoneDnssec dnssec) {
        return new Answer(ZoneRepresentations.withDnssec(zone.text(), dnssec, true), ZoneTags.of(zone.state(), dnssec));
    }

    /**
     * The tag of a zone answered as a JSON object (import, restore): of its state as this read of
     * its DNSSEC finds it.
     */
    public String tag(Zone zone) {
        return ZoneTags.of(ZoneState.of(zone), signing.of(List.of(zone.id())).get(zone.id()));
    }

    /** A zone answered as a JSON object (import) and its tag. */
    record AnsweredObject(jakarta.json.JsonObject zone, String tag) {}

    /** The same for a zone answered as a JSON object (import), with one read of its DNSSEC for both. */
    AnsweredObject withDnssec(Zone zone) {
        ZoneDnssec dnssec = signing.of(List.of(zone.id())).get(zone.id());
        return new AnsweredObject(
                jakarta.json.Json.createObjectBuilder(ZoneRepresentations.zone(zone))
                        .add("dnssec", ZoneRepresentations.dnssecSummary(dnssec, true))
                        .build(),
                ZoneTags.of(ZoneState.of(zone), dnssec));
    }

    /** An addition's rendering, made as soon as it commits ({@link AdditionChains}). */
    void added(@Observes AdditionCommitted committed) {
        plain(committed.addition());
    }

    /** The zone after an addition, as {@link #added} rendered it, or as {@link #plain(ZoneEditOutcome)} does. */
    Answer render(ZoneEditOutcome changed) {
        Plain text = plain(changed);
        return changed.dnssecRead() ? withDnssec(text, changed.dnssec()) : withDnssec(text);
    }

    /**
     * The zone after an addition, without its DNSSEC: the rendering held for that state or a later
     * one if there is one; else the rendering held of an earlier state plus the records the
     * additions since added ({@link AdditionChains}); otherwise the whole zone, read anew (which may
     * find it later still: concurrent writers of one zone commit while it is read, and the writer
     * that then answers from here does not read it a second time).
     */
    private Plain plain(ZoneEditOutcome changed) {
        Zone zone = changed.zone();
        ZoneState state = ZoneState.of(zone);
        Rendering held = currentOrLater(state);
        if (held != null) {
            return new Plain(held.state(), held.text());
        }
        Rendering previous = byZone.get(state.zoneId());
        List<ZoneRecord> addedSince = previous == null ? null : chains.addedSince(previous.state(), state);
        if (addedSince == null) {
            Zone read = withItsRecords(zone);
            return new Plain(ZoneState.of(read), plain(read));
        }
        List<WrittenRecord> records = new ArrayList<>(previous.records());
        for (ZoneRecord added : addedSince) {
            WrittenRecord written = WrittenRecord.of(added, zone);
            int at = Collections.binarySearch(records, written, WrittenRecord.ORDER);
            records.add(at < 0 ? -at - 1 : at, written);
        }
        return new Plain(state, keep(state, zone, records));
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

    /** The rendering held for this state or a later one of the same zone, or null. */
    private Rendering currentOrLater(ZoneState state) {
        Rendering rendering = byZone.get(state.zoneId());
        return rendering != null && (rendering.state().equals(state) || later(rendering.state(), state))
                ? rendering
                : null;
    }

    /**
     * Whether a later state of the same zone is held: a writer or a show that renders late must
     * not put an earlier state back, which the zone's next writer could not build on.
     */
    private boolean laterHeld(ZoneState state) {
        Rendering held = byZone.get(state.zoneId());
        return held != null && later(held.state(), state);
    }

    /** Versions only grow, in the order the zone's writers commit. */
    private static boolean later(ZoneState state, ZoneState than) {
        return state.createdAt().equals(than.createdAt()) && state.version() > than.version();
    }

    /** Rare (once per change of a shown zone), so one lock keeps the count exact. */
    private synchronized void keep(Rendering rendering) {
        long length = rendering.length();
        long zoneId = rendering.state().zoneId();
        if (length > CAPACITY_BYTES / 4) {
            chains.forget(zoneId); // nothing to build on
            return;
        }
        if (laterHeld(rendering.state())) {
            return;
        }
        chains.reached(rendering.state());
        // Over capacity, those kept longest ago go (a miss costs one load, nothing more)
        byZone.keep(zoneId, rendering).forEach(chains::forget);
    }
}
