package net.hostingapi.zones.boundary;

import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.List;
import net.hostingapi.platform.json.control.JsonFields;
import net.hostingapi.platform.json.control.JsonText;
import net.hostingapi.zones.control.ZoneCatalog;
import net.hostingapi.zones.control.dnssec.ZoneSigning;
import net.hostingapi.zones.control.masterfile.ZoneImport;
import net.hostingapi.zones.entity.AssignedDomain;
import net.hostingapi.zones.entity.RecordDraft;
import net.hostingapi.zones.entity.Zone;
import net.hostingapi.zones.entity.ZoneDnssec;
import net.hostingapi.zones.entity.ZoneRecord;

/**
 * Zones and records on the wire (api.md, Representations). In records, {@code ttl} and {@code zone_id}
 * are strings of digits: a published client decodes them as strings and fails on numbers.
 */
public final class ZoneRepresentations {

    private ZoneRepresentations() {}

    public static JsonObject zone(Zone zone) {
        return members(zone, JsonFields.array(zone.records(), r -> record(r, zone)))
                .build();
    }

    /**
     * The same as {@link #zone} written out, with the records' texts given in the zone's order
     * (a record never changes once stored, so its text can be kept). They are written into the
     * place an empty array holds in the zone's text.
     */
    static JsonText zoneText(Zone zone, List<JsonText> recordTexts) {
        String text = members(zone, JsonValue.EMPTY_JSON_ARRAY).build().toString();
        int records = text.indexOf(EMPTY_RECORDS);
        if (records < 0) {
            throw new IllegalStateException("The zone's text has no records member");
        }
        int inside = records + EMPTY_RECORDS.length() - 1;
        return JsonText.join(
                JsonText.of(text.substring(0, inside)),
                JsonText.joinWith(COMMA, recordTexts),
                JsonText.of(text.substring(inside)));
    }

    private static final JsonText COMMA = JsonText.of(",");

    /** Where the records go: a string value cannot hold this, its quotes would be escaped. */
    private static final String EMPTY_RECORDS = ",\"records\":[]";

    /** The zone's members in the contract's order, with the records given. */
    private static JsonFields members(Zone zone, JsonValue records) {
        return JsonFields.object()
                .put("id", zone.id())
                .put("name", zone.name())
                .put("nameUnicode", zone.nameUnicode())
                .put("serial", Long.toString(zone.serial()))
                .put("hostmaster", zone.hostmaster())
                .put("refresh", zone.refresh())
                .put("retry", zone.retry())
                .put("expire", zone.expire())
                .put("ttl", zone.ttl())
                .put("ns_first", zone.nsFirst())
                .put("ns_second", zone.nsSecond())
                .put("records", records)
                .put("domains", JsonFields.array(zone.domains(), ZoneRepresentations::domain))
                .put("user", zone.user() == null ? null : zone.user().username())
                .put(
                        "project_uuid",
                        zone.project() == null ? null : zone.project().uuid())
                .put("created_at", zone.createdAt())
                .put("updated_at", zone.updatedAt());
    }

    static JsonObject record(ZoneRecord record, Zone zone) {
        return JsonFields.object()
                .put("id", record.id())
                .put("name", record.name())
                .put("ttl", record.ttl() == null ? null : record.ttl().toString())
                .put("type", record.type().name())
                .put("data", record.data())
                .put("zone_id", zone.id().toString())
                .put("created_at", record.createdAt())
                .put("updated_at", record.updatedAt())
                .build();
    }

    /** A zone's DNSSEC in show ({@code withDs}: its DS set too) and list; no row: unsigned. */
    static JsonObject dnssecSummary(ZoneDnssec dnssec, boolean withDs) {
        JsonFields summary = JsonFields.object()
                .put("enabled", dnssec != null && dnssec.enabled())
                .put("state", dnssec == null ? ZoneDnssec.UNSIGNED : dnssec.state());
        if (withDs) {
            var ds = JsonFields.JSON.createArrayBuilder();
            for (JsonObject key : keys(dnssec)) {
                key.getJsonArray("ds").forEach(ds::add);
            }
            summary.put("ds", ds.build());
        }
        return summary.build();
    }

    /** The zone's text with {@code dnssec} as its last member. */
    static JsonText withDnssec(JsonText zone, ZoneDnssec dnssec, boolean withDs) {
        return zone.withLastMember(dnssecMember(dnssec, withDs));
    }

    /**
     * {@code ,"dnssec":{...}}, to follow a zone's members. Most zones are unsigned, and their
     * member is always the same text: a list of 10,000 zones built it 10,000 times (a third of the list).
     */
    static JsonText dnssecMember(ZoneDnssec dnssec, boolean withDs) {
        if (dnssec == null || ZoneDnssec.UNSIGNED.equals(dnssec.state()) && !dnssec.enabled()) {
            return withDs ? UNSIGNED_WITH_DS : UNSIGNED;
        }
        return JsonText.of(",\"dnssec\":" + dnssecSummary(dnssec, withDs));
    }

    private static final JsonText UNSIGNED = JsonText.of(",\"dnssec\":" + dnssecSummary(null, false));
    private static final JsonText UNSIGNED_WITH_DS = JsonText.of(",\"dnssec\":" + dnssecSummary(null, true));

    /** What GET dnssec, enable and disable answer. */
    static JsonObject dnssec(ZoneSigning.Status status) {
        ZoneDnssec dnssec = status.dnssec();
        return JsonFields.object()
                .put("zone", status.zone())
                .put("enabled", status.enabled())
                .put("state", status.state())
                .put("unsign_at", dnssec == null || dnssec.unsignAt() == null ? null : dnssec.unsignAt())
                .put("keys", JsonFields.JSON.createArrayBuilder(keys(dnssec)).build())
                .put("pending", status.pending())
                .put("last_error", status.lastError())
                .build();
    }

    private static List<JsonObject> keys(ZoneDnssec dnssec) {
        if (dnssec == null || dnssec.publicKeys() == null || ZoneDnssec.UNSIGNED.equals(dnssec.state())) {
            return List.of();
        }
        try (var reader = JsonFields.JSON.createReader(new java.io.StringReader(dnssec.publicKeys()))) {
            return reader.readArray().getValuesAs(JsonObject.class);
        }
    }

    static JsonObject domain(AssignedDomain domain) {
        return JsonFields.object()
                .put("name", domain.name())
                .put("created_at", domain.createdAt())
                .build();
    }

    static JsonObject statistics(ZoneCatalog.Statistics statistics) {
        var byType = JsonFields.JSON.createObjectBuilder();
        statistics.recordsByType().forEach(byType::add);
        return JsonFields.object()
                .put("zones", statistics.zones())
                .put("records", statistics.records())
                .put("domains", statistics.domains())
                .put("records_by_type", byType.build())
                .build();
    }

    /** What an import changes: {@code new_zone}, {@code added[]}, {@code removed[]}, {@code settings{name: {from, to}}}. */
    static JsonObject importDifference(ZoneImport.Difference difference) {
        var settings = JsonFields.JSON.createObjectBuilder();
        difference
                .settings()
                .forEach((name, change) -> settings.add(
                        name,
                        JsonFields.object()
                                .put("from", change[0] == null ? null : change[0].toString())
                                .put("to", change[1] == null ? null : change[1].toString())
                                .build()));
        return JsonFields.object()
                .put("new_zone", difference.newZone())
                .put("added", JsonFields.array(difference.added(), ZoneRepresentations::draft))
                .put("removed", JsonFields.array(difference.removed(), ZoneRepresentations::draft))
                .put("settings", settings.build())
                .build();
    }

    private static JsonObject draft(RecordDraft draft) {
        return JsonFields.object()
                .put("name", draft.name())
                .put("type", draft.type().name())
                .put("data", draft.data())
                .put("ttl", draft.ttl() == null ? null : draft.ttl().toString())
                .build();
    }
}
