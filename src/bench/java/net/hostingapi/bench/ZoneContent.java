package net.hostingapi.bench;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import java.util.ArrayList;
import java.util.List;

/**
 * The same records written for both sides: the service's {@code records[]} (relative names, its
 * data format) and PowerDNS's {@code rrsets} (absolute names, its content format). One record per
 * name, cycling through A, AAAA, TXT and MX.
 */
final class ZoneContent {

    record Entry(String name, String type, String ours, String pdns) {}

    private final List<Entry> entries;

    private ZoneContent(List<Entry> entries) {
        this.entries = entries;
    }

    static ZoneContent of(int count) {
        List<Entry> entries = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            String name = "h" + i;
            entries.add(
                    switch (i % 4) {
                        case 0 ->
                            new Entry(
                                    name, "A", "10." + (i >> 16 & 255) + "." + (i >> 8 & 255) + "." + (i & 255), null);
                        case 1 -> new Entry(name, "AAAA", "2001:db8::" + Integer.toHexString(i), null);
                        case 2 -> new Entry(name, "TXT", "benchmark record " + i, "\"benchmark record " + i + "\"");
                        default ->
                            new Entry(
                                    name,
                                    "MX",
                                    "10 mx" + (i % 10) + ".example.org",
                                    "10 mx" + (i % 10) + ".example.org.");
                    });
        }
        return new ZoneContent(entries.stream()
                .map(e -> e.pdns() == null ? new Entry(e.name(), e.type(), e.ours(), e.ours()) : e)
                .toList());
    }

    int size() {
        return entries.size();
    }

    ZoneContent slice(int from, int to) {
        return new ZoneContent(entries.subList(from, to));
    }

    /** The service's records[]. */
    JsonArray ours() {
        JsonArrayBuilder records = Json.createArrayBuilder();
        for (Entry e : entries) {
            records.add(Json.createObjectBuilder()
                    .add("name", e.name())
                    .add("type", e.type())
                    .add("data", e.ours()));
        }
        return records.build();
    }

    /** PowerDNS's rrsets of zone {@code zone}, each with {@code changetype} when given (PATCH) or without (POST). */
    JsonArray pdns(String zone, String changetype) {
        JsonArrayBuilder rrsets = Json.createArrayBuilder();
        for (Entry e : entries) {
            var rrset = Json.createObjectBuilder()
                    .add("name", e.name() + "." + zone + ".")
                    .add("type", e.type())
                    .add("ttl", 300)
                    .add(
                            "records",
                            Json.createArrayBuilder()
                                    .add(Json.createObjectBuilder()
                                            .add("content", e.pdns())
                                            .add("disabled", false)));
            if (changetype != null) {
                rrset.add("changetype", changetype);
            }
            rrsets.add(rrset);
        }
        return rrsets.build();
    }
}
