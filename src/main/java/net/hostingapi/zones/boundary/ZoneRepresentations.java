package net.hostingapi.zones.boundary;

import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.List;
import net.hostingapi.platform.json.control.JsonFields;
import net.hostingapi.platform.json.control.JsonText;
import net.hostingapi.platform.openapi.boundary.WireShape;
import net.hostingapi.platform.openapi.boundary.WireShapes;
import net.hostingapi.zones.control.ZoneCatalog;
import net.hostingapi.zones.control.dnssec.ZoneSigning;
import net.hostingapi.zones.control.editing.ZoneImport;
import net.hostingapi.zones.entity.AssignedDomain;
import net.hostingapi.zones.entity.RecordDraft;
import net.hostingapi.zones.entity.Zone;
import net.hostingapi.zones.entity.ZoneDnssec;
import net.hostingapi.zones.entity.ZoneRecord;
import net.hostingapi.zones.entity.ZoneSecondary;

/**
 * Zones and records on the wire (api.md, Representations), each payload declared once as a
 * {@link WireShape} that writes it and describes it in the OpenAPI document. In records,
 * {@code ttl} and {@code zone_id} are strings of digits: a published client decodes them as
 * strings and fails on numbers.
 */
public final class ZoneRepresentations implements WireShapes {

    private static final WireShape<Zone> ZONE = WireShape.<Zone>named(
                    "Zone", "A DNS zone with its records and assigned domains.")
            .int64("id", Zone::id)
            .string("name", Zone::name)
            .string("nameUnicode", Zone::nameUnicode)
            .string("serial", z -> Long.toString(z.serial()))
            .string("hostmaster", Zone::hostmaster)
            .integer("refresh", Zone::refresh)
            .integer("retry", Zone::retry)
            .integer("expire", Zone::expire)
            .integer("ttl", Zone::ttl)
            .string("ns_first", Zone::nsFirst)
            .string("ns_second", Zone::nsSecond)
            // written out, or an empty array the kept records are spliced into (zoneText)
            .given("records", "[Record]")
            .json("domains", "[Domain]", z -> JsonFields.array(z.domains(), ZoneRepresentations::domain))
            .json("secondaries", "[Secondary]", z -> JsonFields.array(z.secondaries(), ZoneRepresentations::secondary))
            .string("user", z -> z.user() == null ? null : z.user().username())
            .nullable()
            .string(
                    "project_uuid",
                    z -> z.project() == null ? null : z.project().uuid())
            .nullable()
            .timestamp("created_at", Zone::createdAt)
            .timestamp("updated_at", Zone::updatedAt)
            // added to the zone's text by withDnssec, the DNSSEC state being read apart from the zone
            .elsewhere("dnssec", "DnssecSummary")
            .optional();

    private static final WireShape<ZoneRecord> RECORD = WireShape.<ZoneRecord>named(
                    "Record",
                    "A resource record; ttl and zone_id are strings of digits, a null ttl inherits the zone's.")
            .int64("id", ZoneRecord::id)
            .string("name", ZoneRecord::name)
            .string("ttl", r -> r.ttl() == null ? null : r.ttl().toString())
            .nullable()
            .string("type", r -> r.type().name())
            .string("data", ZoneRecord::data)
            // the zone's id, given: a record's own reference to its zone is loaded lazily
            .given("zone_id", "string")
            .timestamp("created_at", ZoneRecord::createdAt)
            .timestamp("updated_at", ZoneRecord::updatedAt)
            .nullable();

    private static final WireShape<AssignedDomain> DOMAIN = WireShape.<AssignedDomain>named(
                    "Domain", "A domain assigned to a zone.")
            .string("name", AssignedDomain::name)
            .timestamp("created_at", AssignedDomain::createdAt)
            .nullable();

    private static final WireShape<ZoneSecondary> SECONDARY = WireShape.<ZoneSecondary>named(
                    "Secondary",
                    "A nameserver that may transfer the zone (AXFR, IXFR) and is sent a NOTIFY on every change;"
                            + " key: the account's TSIG key it signs with, or null.")
            .string("address", ZoneSecondary::address)
            .integer("port", ZoneSecondary::port)
            .string("key", ZoneSecondary::key)
            .nullable();

    private static final WireShape<ZoneDnssec> DNSSEC_SUMMARY = WireShape.<ZoneDnssec>named(
                    "DnssecSummary", "The zone's DNSSEC in show and list (show: with the DS records for the registry).")
            // no row: unsigned
            .bool("enabled", d -> d != null && d.enabled())
            .string("state", d -> d == null ? ZoneDnssec.UNSIGNED : d.state())
            .given("ds", "[string]")
            .optional();

    private static final WireShape<ZoneSigning.Status> DNSSEC = WireShape.<ZoneSigning.Status>named(
                    "Dnssec",
                    "A zone's DNSSEC: state (unsigned, signing, signed, removing), the public keys the nameserver"
                            + " serves with the DS of each key-signing key (SHA-256 and SHA-384), and whether a publication"
                            + " of it is still waiting (with its last error).")
            .string("zone", ZoneSigning.Status::zone)
            .bool("enabled", ZoneSigning.Status::enabled)
            .string("state", ZoneSigning.Status::state)
            .timestamp("unsign_at", s -> s.dnssec() == null ? null : s.dnssec().unsignAt())
            .nullable()
            .json(
                    "keys",
                    "[DnssecKey]",
                    s -> JsonFields.JSON.createArrayBuilder(keys(s.dnssec())).build())
            .bool("pending", ZoneSigning.Status::pending)
            .string("last_error", ZoneSigning.Status::lastError)
            .nullable();

    /** The nameserver's public keys are stored as this JSON (nameserver's PublicKey) and answered as stored. */
    private static final WireShape<Void> DNSSEC_KEY = WireShape.<Void>named(
                    "DnssecKey",
                    "A public key in presentation form and its DS records (tag algorithm digest-type digest).")
            .elsewhere("key_tag", "integer")
            .elsewhere("algorithm", "integer")
            .elsewhere("flags", "integer")
            .elsewhere("dnskey", "string")
            .elsewhere("ds", "[string]");

    private static final WireShape<ZoneCatalog.Statistics> STATISTICS = WireShape.<ZoneCatalog.Statistics>named(
                    "ZoneStatistics", "Counts over the caller's zones.")
            .int64("zones", ZoneCatalog.Statistics::zones)
            .int64("records", ZoneCatalog.Statistics::records)
            .int64("domains", ZoneCatalog.Statistics::domains)
            .json("records_by_type", "{int64}", s -> {
                var byType = JsonFields.JSON.createObjectBuilder();
                s.recordsByType().forEach(byType::add);
                return byType.build();
            });

    /** An import's answer: the difference, and the zone as shown (given; none on a dry run). */
    private static final WireShape<ZoneImport.Outcome> ZONE_IMPORT = WireShape.<ZoneImport.Outcome>named(
                    "ZoneImport",
                    "What an import changes (on a dry run: would change), and the zone after it (not on a dry run).")
            .json("import", "ImportDifference", o -> importDifference(o.difference()))
            .given("zone", "Zone")
            .optional();

    private static final WireShape<RecordDraft> RECORD_CHANGE = WireShape.<RecordDraft>named(
                    "RecordChange", "A record an import adds or removes; a null ttl inherits the zone's.")
            .string("name", RecordDraft::name)
            .string("type", d -> d.type().name())
            .string("data", RecordDraft::data)
            .string("ttl", d -> d.ttl() == null ? null : d.ttl().toString())
            .nullable();

    /** A setting's value before and after ({@code [from, to]}). */
    private static final WireShape<Object[]> SETTING_CHANGE = WireShape.<Object[]>named(
                    "SettingChange", "A zone setting before and after.")
            .string("from", c -> c[0] == null ? null : c[0].toString())
            .nullable()
            .string("to", c -> c[1] == null ? null : c[1].toString())
            .nullable();

    private static final WireShape<ZoneImport.Difference> IMPORT_DIFFERENCE = WireShape.<ZoneImport.Difference>named(
                    "ImportDifference",
                    "Records added and removed, and the settings changed (each {from, to}), against the stored zone.")
            .bool("new_zone", ZoneImport.Difference::newZone)
            .json("added", "[RecordChange]", d -> JsonFields.array(d.added(), ZoneRepresentations::draft))
            .json("removed", "[RecordChange]", d -> JsonFields.array(d.removed(), ZoneRepresentations::draft))
            .json("settings", "{SettingChange}", d -> {
                var settings = JsonFields.JSON.createObjectBuilder();
                d.settings().forEach((name, change) -> settings.add(name, SETTING_CHANGE.write(change)));
                return settings.build();
            });

    /**
     * The page a list answered, when one was asked for: {@code limit} null for the rest, {@code
     * total} null when not counted (a page after a cursor), {@code after} the cursor given.
     */
    public record Page(Integer limit, int offset, Long total, String after, String next) {}

    private static final WireShape<Page> PAGING = WireShape.<Page>named(
                    "Paging",
                    "The page a list answers when asked for one: limit (null: the rest), offset, how many match in all"
                            + " (not counted for a page after a cursor), the cursor given, and the cursor of the next page"
                            + " (the page's last name when the page is full, else null).")
            .integerOrNull("limit", Page::limit)
            .nullable()
            .integer("offset", Page::offset)
            .int64("total", Page::total)
            .optional()
            .string("after", Page::after)
            .optional()
            .string("next", Page::next)
            .nullable();

    /** For {@link java.util.ServiceLoader} only (META-INF/services): the payloads are static. */
    public ZoneRepresentations() {}

    @Override
    public List<WireShape<?>> shapes() {
        return List.of(
                ZONE,
                DNSSEC_SUMMARY,
                DNSSEC,
                DNSSEC_KEY,
                RECORD,
                DOMAIN,
                SECONDARY,
                STATISTICS,
                ZONE_IMPORT,
                IMPORT_DIFFERENCE,
                RECORD_CHANGE,
                SETTING_CHANGE,
                PAGING);
    }

    public static JsonObject zone(Zone zone) {
        return ZONE.write(zone, JsonFields.array(zone.records(), r -> record(r, zone)));
    }

    /**
     * The same as {@link #zone} written out, with the records' texts given in the zone's order
     * (a record never changes once stored, so its text can be kept). They are written into the
     * place an empty array holds in the zone's text.
     */
    static JsonText zoneText(Zone zone, List<JsonText> recordTexts) {
        String text = ZONE.write(zone, JsonValue.EMPTY_JSON_ARRAY).toString();
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

    static JsonObject record(ZoneRecord record, Zone zone) {
        return RECORD.write(record, JsonFields.JSON.createValue(zone.id().toString()));
    }

    /** A zone's DNSSEC in show ({@code withDs}: its DS set too) and list; no row: unsigned. */
    static JsonObject dnssecSummary(ZoneDnssec dnssec, boolean withDs) {
        JsonValue ds = null;
        if (withDs) {
            var all = JsonFields.JSON.createArrayBuilder();
            for (JsonObject key : keys(dnssec)) {
                key.getJsonArray("ds").forEach(all::add);
            }
            ds = all.build();
        }
        return DNSSEC_SUMMARY.write(dnssec, ds);
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
        return DNSSEC.write(status);
    }

    private static List<JsonObject> keys(ZoneDnssec dnssec) {
        if (dnssec == null || dnssec.publicKeys() == null || ZoneDnssec.UNSIGNED.equals(dnssec.state())) {
            return List.of();
        }
        try (var reader = JsonFields.JSON.createReader(new java.io.StringReader(dnssec.publicKeys()))) {
            return reader.readArray().getValuesAs(JsonObject.class);
        }
    }

    static JsonObject secondary(ZoneSecondary secondary) {
        return SECONDARY.write(secondary);
    }

    static JsonObject domain(AssignedDomain domain) {
        return DOMAIN.write(domain);
    }

    static JsonObject statistics(ZoneCatalog.Statistics statistics) {
        return STATISTICS.write(statistics);
    }

    /** An import's answer; {@code zone} the zone as shown, null on a dry run. */
    static JsonObject imported(ZoneImport.Outcome outcome, JsonValue zone) {
        return ZONE_IMPORT.write(outcome, zone);
    }

    private static JsonObject importDifference(ZoneImport.Difference difference) {
        return IMPORT_DIFFERENCE.write(difference);
    }

    static JsonObject paging(Page page) {
        return PAGING.write(page);
    }

    private static JsonObject draft(RecordDraft draft) {
        return RECORD_CHANGE.write(draft);
    }
}
