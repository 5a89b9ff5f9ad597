package net.hostingapi.zones;

import static net.hostingapi.zones.ZonesIT.record;
import static net.hostingapi.zones.ZonesIT.records;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.net.URL;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import net.hostingapi.support.Api;
import net.hostingapi.support.Deployments;
import net.hostingapi.support.ServiceTest;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * api.md, DNS zones, RRset changes: whole RRsets replaced, created and deleted in one change (one
 * serial step, one history entry, kept records keeping their ids), checked as records/add checks
 * its records, with every refusal storing nothing.
 */
@ServiceTest
@RunAsClient
class RrsetChangesIT {

    private static final String CHANGE = "/api/v1/dns/zones/rrsets/change";

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.service();
    }

    @ArquillianResource
    URL base;

    Api api;

    @BeforeEach
    void newCustomer() {
        api = Api.at(base).newCustomer().api();
    }

    @Test
    void anRrsetIsReplacedInOneStepKeepingTheRecordsItKeeps() {
        String zone = createZone(
                record("www", "A", "192.0.2.1", null),
                record("www", "A", "192.0.2.2", null),
                record("www", "TXT", "hello", null),
                record("mail", "A", "192.0.2.25", 900));
        Map<String, Long> ids = ids(zone);
        long serial = serial(zone);
        int entries = history(zone).size();

        Api.Response changed = change(zone, rrset("www." + zone + ".", "A", 600, "192.0.2.2", "192.0.2.3"));
        assertEquals(200, changed.status(), changed.body());
        assertEquals(List.of(2061), successCodes(changed));
        assertEquals(List.of(), changed.warningCodes());
        assertEquals(
                Set.of("mail A 192.0.2.25 900", "www A 192.0.2.2 600", "www A 192.0.2.3 600", "www TXT hello -"),
                shown(changed.data().getJsonObject("zone")));
        assertEquals(shown(zone(zone)), shown(changed.data().getJsonObject("zone")), "the answer is the zone as shown");

        Map<String, Long> after = ids(zone);
        assertEquals(ids.get("www A 192.0.2.2"), after.get("www A 192.0.2.2"), "a record kept keeps its id");
        assertEquals(ids.get("www TXT hello"), after.get("www TXT hello"));
        assertEquals(ids.get("mail A 192.0.2.25"), after.get("mail A 192.0.2.25"));
        assertTrue(!ids.containsValue(after.get("www A 192.0.2.3")), "the new record has a new id");

        List<JsonObject> history = history(zone);
        assertEquals(entries + 1, history.size(), "one history entry");
        JsonObject entry = history.get(0);
        assertEquals("rrsets/change", entry.getString("operation"));
        assertEquals(Set.of("www A 192.0.2.2 600", "www A 192.0.2.3 600"), changes(entry, "added"));
        assertEquals(Set.of("www A 192.0.2.1 -", "www A 192.0.2.2 -"), changes(entry, "removed"));
        assertEquals(String.valueOf(serial), entry.getString("serial_before"));
        assertEquals(String.valueOf(serial(zone)), entry.getString("serial_after"));
        assertEquals(serial + 1, serial(zone), "one serial step");
    }

    @Test
    void severalRrsetsAreCreatedReplacedAndDeletedAtOnce() {
        String zone = createZone(
                record("www", "A", "192.0.2.1", null),
                record("www", "TXT", "old", null),
                record("@", "MX", "10 mail.example.org", null));
        long serial = serial(zone);
        int entries = history(zone).size();

        Api.Response changed = change(
                zone,
                rrset("www", "TXT", null),
                rrset("@", "MX", null, "10 mx1.example.org", "20 mx2.example.org"),
                rrset("api", "AAAA", 300, "2001:DB8::1"),
                rrset("gone", "A", null));
        assertEquals(200, changed.status(), changed.body());
        assertEquals(
                Set.of(
                        "www A 192.0.2.1 -",
                        "@ MX 10 mx1.example.org -",
                        "@ MX 20 mx2.example.org -",
                        "api AAAA 2001:db8::1 300"),
                shown(zone(zone)));
        assertEquals(serial + 1, serial(zone), "one serial step for all of them");
        List<JsonObject> history = history(zone);
        assertEquals(entries + 1, history.size(), "one history entry for all of them");
        assertEquals(
                Set.of("@ MX 10 mx1.example.org -", "@ MX 20 mx2.example.org -", "api AAAA 2001:db8::1 300"),
                changes(history.get(0), "added"));
        assertEquals(Set.of("www TXT old -", "@ MX 10 mail.example.org -"), changes(history.get(0), "removed"));
    }

    /** The RRset's TTL is every record's; without one, the zone's (a kept record's own TTL goes). */
    @Test
    void withoutTtlTheRrsetTakesTheZones() {
        String zone = createZone(record("www", "A", "192.0.2.1", 900));
        Api.Response changed = change(zone, rrset("www", "A", null, "192.0.2.1", "192.0.2.2"));
        assertEquals(200, changed.status(), changed.body());
        assertEquals(Set.of("www A 192.0.2.1 -", "www A 192.0.2.2 -"), shown(zone(zone)));
    }

    @Test
    void aChangeThatChangesNothingStoresNothing() {
        String zone = createZone(record("www", "A", "192.0.2.1", null), record("www", "A", "192.0.2.2", null));
        long serial = serial(zone);
        Map<String, Long> ids = ids(zone);
        int entries = history(zone).size();

        Api.Response same = change(zone, rrset("www", "A", null, "192.0.2.2", "192.0.2.1"), rrset("none", "TXT", null));
        assertEquals(200, same.status(), same.body());
        assertEquals(List.of(2000), successCodes(same));
        assertEquals(List.of(3012), same.warningCodes());
        assertEquals(serial, serial(zone), "the serial stays");
        assertEquals(ids, ids(zone));
        assertEquals(entries, history(zone).size(), "no history entry");
    }

    @Test
    void aDataGivenTwiceCountsOnceWithAWarning() {
        String zone = createZone();
        Api.Response changed = change(zone, rrset("www", "A", null, "192.0.2.1", "192.0.2.2", "192.0.2.1"));
        assertEquals(200, changed.status(), changed.body());
        assertEquals(List.of(3010), changed.warningCodes());
        assertEquals(List.of("changes[0].records[2]"), changed.warningFields());
        assertEquals(Set.of("www A 192.0.2.1 -", "www A 192.0.2.2 -"), shown(zone(zone)));
    }

    /** Every refusal names its field and stores nothing. */
    @Test
    void invalidChangesAreRefusedWholeAtTheirFields() {
        String zone =
                createZone(record("www", "A", "192.0.2.1", null), record("alias", "CNAME", "www.example.org", null));
        String before = zone(zone).toString();

        assertRefused(zone, List.of("changes[0].name"), rrset("x.example.org.", "A", null, "192.0.2.1"));
        assertRefused(zone, List.of("changes[0].name"), rrset("a..b", "A", null, "192.0.2.1"));
        assertRefused(
                zone,
                List.of("changes[1].type"),
                rrset("www", "A", null),
                rrset("t", "TLSA", null, "3 1 1 " + "AB".repeat(32)));
        assertRefused(
                zone,
                List.of("changes[0].type"),
                Json.createObjectBuilder()
                        .add("name", "www")
                        .add("type", "NOTATYPE")
                        .add("records", Json.createArrayBuilder().add("192.0.2.1")));
        assertRefused(zone, List.of("changes[0].records[1]"), rrset("www", "A", null, "192.0.2.7", "192.0.2.300"));
        assertRefused(zone, List.of("changes[0].ttl"), rrset("www", "A", 10, "192.0.2.7"));
        assertRefused(zone, List.of("changes[0].ttl"), rrset("www", "A", 604801, "192.0.2.7"));
        assertRefused(
                zone,
                List.of("changes[0].records"),
                Json.createObjectBuilder().add("name", "www").add("type", "A"));
        assertRefused(
                zone, List.of("changes[1]"), rrset("www", "A", null, "192.0.2.7"), rrset("WWW." + zone, "A", null));
        // CNAME rules over the zone as it is to be
        assertRefused(zone, List.of("changes[0].name"), rrset("www", "CNAME", null, "target.example.org"));
        assertRefused(zone, List.of("changes[0].name"), rrset("@", "CNAME", null, "target.example.org"));
        assertRefused(zone, List.of("changes[0].name"), rrset("alias", "TXT", null, "beside a CNAME"));
        assertRefused(
                zone, List.of("changes[0].name"), rrset("alias", "CNAME", null, "a.example.org", "b.example.org"));
        // several at once, each at its own field
        assertRefused(
                zone,
                List.of("changes[0].records[0]", "changes[1].name", "changes[2].name"),
                rrset("mail", "MX", null, "not an mx"),
                rrset("ok", "A", null, "192.0.2.8"),
                rrset("ok", "CNAME", null, "www.example.org"));

        Api.Response none = api.json(
                "POST",
                CHANGE,
                Json.createObjectBuilder()
                        .add("zone", zone)
                        .add("changes", Json.createArrayBuilder())
                        .build());
        assertEquals(422, none.status(), none.body());
        assertEquals(List.of("changes"), none.errorFields());
        Api.Response blank = api.json(
                "POST",
                CHANGE,
                Json.createObjectBuilder()
                        .add("zone", " ")
                        .add("changes", Json.createArrayBuilder().add(rrset("www", "A", null)))
                        .build());
        assertEquals(422, blank.status(), blank.body());
        assertEquals(List.of("zone"), blank.errorFields());
        assertEquals(before, zone(zone).toString(), "nothing of the refused requests was stored");

        // a CNAME may take the place of the name's other RRsets in one change
        Api.Response replaced =
                change(zone, rrset("www", "A", null), rrset("www", "CNAME", null, "target.example.org"));
        assertEquals(200, replaced.status(), replaced.body());
        assertEquals(Set.of("alias CNAME www.example.org -", "www CNAME target.example.org -"), shown(zone(zone)));
    }

    @Test
    void formsBindAsJsonDoes() {
        String zone = createZone(record("www", "A", "192.0.2.1", null));
        Api.Response changed = api.form(
                "POST",
                CHANGE,
                "zone=" + zone + "&changes[0][name]=www&changes[0][type]=A&changes[0][ttl]=300"
                        + "&changes[0][records][]=192.0.2.5&changes[0][records][]=192.0.2.6");
        assertEquals(200, changed.status(), changed.body());
        assertEquals(Set.of("www A 192.0.2.5 300", "www A 192.0.2.6 300"), shown(zone(zone)));
    }

    @Test
    void aTokenWithoutDnsZonesCrudIsRefused() {
        String zone = createZone(record("www", "A", "192.0.2.1", null));
        Api reader = api.withToken(token(Json.createObjectBuilder()
                .add("rights", Json.createArrayBuilder().add("DNS_ZONES_LIST"))));
        Api.Response refused = reader.json("POST", CHANGE, body(zone, rrset("www", "A", null, "192.0.2.9")));
        assertEquals(403, refused.status(), refused.body());
        assertEquals(List.of(4030), refused.errorCodes());
        assertTrue(refused.body().contains("DNS_ZONES_CRUD"), refused.body());
        assertEquals(Set.of("www A 192.0.2.1 -"), shown(zone(zone)));
    }

    /** As records/add: a record removed or added outside the token's names or types is 403, nothing stored. */
    @Test
    void aPolicyLimitedTokenChangesOnlyItsRecords() {
        String zone = createZone(record("www", "A", "192.0.2.1", null), record("_acme-challenge", "TXT", "old", null));
        Api robot = api.withToken(token(Json.createObjectBuilder()
                .add("rights", Json.createArrayBuilder().add("DNS_ZONES_LIST").add("DNS_ZONES_CRUD"))
                .add("zones", Json.createArrayBuilder().add(zone))
                .add("names", Json.createArrayBuilder().add("_acme-challenge"))
                .add("types", Json.createArrayBuilder().add("TXT"))));
        String before = zone(zone).toString();
        for (JsonObjectBuilder outside : List.of(
                rrset("www", "A", null, "192.0.2.9"),
                rrset("www", "A", null),
                rrset("www", "TXT", null, "not mine"),
                rrset("_acme-challenge", "A", null, "192.0.2.9"))) {
            Api.Response refused =
                    robot.json("POST", CHANGE, body(zone, rrset("_acme-challenge", "TXT", null, "new"), outside));
            assertEquals(403, refused.status(), refused.body());
            assertEquals(List.of(4031), refused.errorCodes(), refused.body());
        }
        assertEquals(before, zone(zone).toString(), "nothing of the refused requests was stored");

        Api.Response mine = robot.json(
                "POST",
                CHANGE,
                body(
                        zone,
                        rrset("_acme-challenge", "TXT", 60, "new-1", "new-2"),
                        rrset("www", "A", null, "192.0.2.1")));
        assertEquals(200, mine.status(), mine.body());
        assertEquals(
                Set.of("www A 192.0.2.1 -", "_acme-challenge TXT new-1 60", "_acme-challenge TXT new-2 60"),
                shown(zone(zone)));

        String other = createZone();
        Api.Response elsewhere = robot.json("POST", CHANGE, body(other, rrset("_acme-challenge", "TXT", null, "x")));
        assertEquals(404, elsewhere.status(), "a zone outside the token's zones does not exist for it");
    }

    @Test
    void anotherAccountsZoneDoesNotExist() {
        String zone = createZone(record("www", "A", "192.0.2.1", null));
        Api other = Api.at(base).newCustomer().api();
        Api.Response refused = other.json("POST", CHANGE, body(zone, rrset("www", "A", null, "192.0.2.66")));
        assertEquals(404, refused.status(), refused.body());
        assertEquals(List.of(4040), refused.errorCodes());
        Api.Response ghost = other.json("POST", CHANGE, body("ghost-" + zone, rrset("www", "A", null, "192.0.2.66")));
        assertEquals(refused.errorCodes(), ghost.errorCodes());
        assertEquals(Set.of("www A 192.0.2.1 -"), shown(zone(zone)));
    }

    @Test
    void atMostAThousandRecordsInOneRequest() {
        String zone = createZone();
        String[] many = new String[501];
        for (int i = 0; i < many.length; i++) {
            many[i] = "192.0.2." + (i % 250) + " " + i; // TXT data, each distinct
        }
        Api.Response refused = change(zone, rrset("a", "TXT", null, many), rrset("b", "TXT", null, many));
        assertEquals(422, refused.status(), refused.body());
        assertEquals(List.of("changes"), refused.errorFields());
        assertTrue(refused.body().contains("at most 1000 records in one request"), refused.body());
        assertEquals(Set.of(), shown(zone(zone)));
    }

    /** MAX_RECORDS_PER_ZONE (10,000, the default) counts the zone as the change leaves it. */
    @Test
    void aZoneHoldsAtMostItsLimitOfRecords() {
        String zone = createZone();
        for (int batch = 0; batch < 10; batch++) {
            JsonArrayBuilder thousand = Json.createArrayBuilder();
            for (int i = 0; i < (batch == 9 ? 999 : 1000); i++) {
                thousand.add(record("b" + batch + "n" + i, "A", "192.0.2.1", null));
            }
            Api.Response added = api.json(
                    "POST",
                    "/api/v1/dns/zones/records/add",
                    Json.createObjectBuilder()
                            .add("zone", zone)
                            .add("records", thousand)
                            .build());
            assertEquals(200, added.status(), added.body());
        }
        long serial = serial(zone);
        Api.Response full = change(zone, rrset("b0n0", "A", null, "192.0.2.1", "192.0.2.2", "192.0.2.3"));
        assertEquals(422, full.status(), full.body());
        assertEquals(List.of("changes"), full.errorFields());
        assertTrue(full.body().contains("a zone holds at most 10000 records"), full.body());
        assertEquals(serial, serial(zone), "nothing stored");

        Api.Response fits = change(zone, rrset("b0n0", "A", null, "192.0.2.1", "192.0.2.2"), rrset("b0n1", "A", null));
        assertEquals(200, fits.status(), fits.body());
        assertEquals(
                9_999, fits.data().getJsonObject("zone").getJsonArray("records").size());
    }

    // ---- helpers

    static JsonObjectBuilder rrset(String name, String type, Integer ttl, String... data) {
        JsonArrayBuilder records = Json.createArrayBuilder();
        for (String d : data) {
            records.add(d);
        }
        JsonObjectBuilder rrset = Json.createObjectBuilder().add("name", name).add("type", type);
        if (ttl != null) {
            rrset.add("ttl", ttl);
        }
        return rrset.add("records", records);
    }

    private static JsonObject body(String zone, JsonObjectBuilder... changes) {
        JsonArrayBuilder array = Json.createArrayBuilder();
        for (JsonObjectBuilder change : changes) {
            array.add(change);
        }
        return Json.createObjectBuilder()
                .add("zone", zone)
                .add("changes", array)
                .build();
    }

    private Api.Response change(String zone, JsonObjectBuilder... changes) {
        return api.json("POST", CHANGE, body(zone, changes));
    }

    private void assertRefused(String zone, List<String> fields, JsonObjectBuilder... changes) {
        Api.Response refused = change(zone, changes);
        assertEquals(422, refused.status(), refused.body());
        assertEquals(fields, refused.errorFields(), refused.body());
    }

    private String createZone(JsonObjectBuilder... records) {
        String name = "rr" + UUID.randomUUID().toString().replace("-", "").substring(0, 12) + ".example";
        Api.Response created = api.json(
                "POST",
                "/api/v1/dns/zones/create",
                Json.createObjectBuilder()
                        .add("name", name)
                        .add("records", records(records))
                        .build());
        assertEquals(201, created.status(), created.body());
        return name;
    }

    private JsonObject zone(String name) {
        Api.Response shown = api.get("/api/v1/dns/zones/show?zone=" + name);
        assertEquals(200, shown.status(), shown.body());
        return shown.data().getJsonObject("zone");
    }

    private long serial(String name) {
        return Long.parseLong(zone(name).getString("serial"));
    }

    private List<JsonObject> history(String zone) {
        Api.Response history = api.get("/api/v1/dns/zones/history?zone=" + zone + "&limit=500");
        assertEquals(200, history.status(), history.body());
        return history.data().getJsonArray("history").getValuesAs(JsonObject.class);
    }

    private String token(JsonObjectBuilder body) {
        Api.Response created = api.json("POST", "/api/v1/account/users/tokens/create", body.build());
        assertEquals(201, created.status(), created.body());
        return created.data().getJsonObject("token").getString("token");
    }

    private static List<Integer> successCodes(Api.Response response) {
        return response
                .envelope()
                .getJsonObject("messages")
                .getJsonArray("success")
                .getValuesAs(JsonObject.class)
                .stream()
                .map(m -> m.getInt("code"))
                .toList();
    }

    /** The zone's records as "name type data ttl" ({@code -}: the zone's TTL). */
    private static Set<String> shown(JsonObject zone) {
        Set<String> shown = new TreeSet<>();
        zone.getJsonArray("records").getValuesAs(JsonObject.class).forEach(r -> shown.add(line(r)));
        return shown;
    }

    /** Each record's id by "name type data". */
    private Map<String, Long> ids(String zone) {
        Map<String, Long> ids = new TreeMap<>();
        for (JsonObject r : zone(zone).getJsonArray("records").getValuesAs(JsonObject.class)) {
            ids.put(
                    r.getString("name") + " " + r.getString("type") + " " + r.getString("data"),
                    r.getJsonNumber("id").longValue());
        }
        return ids;
    }

    private static Set<String> changes(JsonObject entry, String side) {
        Set<String> records = new TreeSet<>();
        entry.getJsonArray(side).getValuesAs(JsonObject.class).forEach(r -> records.add(line(r)));
        return records;
    }

    private static String line(JsonObject record) {
        JsonValue ttl = record.get("ttl");
        String shownTtl = ttl == null || ttl.getValueType() == JsonValue.ValueType.NULL
                ? "-"
                : ttl instanceof JsonString s ? s.getString() : ttl.toString();
        return record.getString("name") + " " + record.getString("type") + " " + record.getString("data") + " "
                + shownTtl;
    }
}
