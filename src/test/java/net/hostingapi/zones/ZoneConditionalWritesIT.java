package net.hostingapi.zones;

import static net.hostingapi.zones.ZonesIT.record;
import static net.hostingapi.zones.ZonesIT.records;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
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
 * Zones' entity tags (api.md, Conditional requests): show's ETag and 304, every conditional write
 * refused with a stale tag (412, the current tag, nothing changed) and done with the current one,
 * two writers with one tag, and requests without the headers as before.
 */
@ServiceTest
@RunAsClient
class ZoneConditionalWritesIT {

    private static final String ZONES = "/api/v1/dns/zones";

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.service();
    }

    @ArquillianResource
    URL base;

    Api api;
    String zone;

    @BeforeEach
    void zoneOfANewCustomer() {
        api = Api.at(base).newCustomer().api();
        zone = "c" + UUID.randomUUID().toString().replace("-", "").substring(0, 12) + ".example";
        Api.Response created = api.json(
                "POST",
                ZONES + "/create",
                Json.createObjectBuilder()
                        .add("name", zone)
                        .add("records", records(record("www", "A", "192.0.2.10", 600)))
                        .build());
        assertEquals(201, created.status(), created.body());
        assertStrongTag(created.header("ETag"));
        assertEquals(created.header("ETag"), tag(), "the create's tag is the show's");
    }

    // ---- show and If-None-Match

    @Test
    void showCarriesAStrongTagThatFollowsEveryChange() {
        Api.Response shown = show(Map.of());
        String tag = shown.header("ETag");
        assertStrongTag(tag);
        assertEquals(tag, show(Map.of()).header("ETag"), "unchanged: the same tag");
        Api.Response added = addRecord("mail", "192.0.2.25", Map.of());
        assertEquals(200, added.status(), added.body());
        assertNotEquals(tag, added.header("ETag"));
        assertEquals(added.header("ETag"), tag(), "a write answers the tag the show then answers");
    }

    @Test
    void twoChangesWithinOneSecondShareTheSerialButNotTheTag() {
        String first = addRecord("a", "192.0.2.1", Map.of()).header("ETag");
        Api.Response second = addRecord("b", "192.0.2.2", Map.of());
        String third = addRecord("c", "192.0.2.3", Map.of()).header("ETag");
        assertEquals(
                3,
                List.of(first, second.header("ETag"), third).stream().distinct().count());
    }

    @Test
    void ifNoneMatchWithTheCurrentTagAnswers304WithoutABody() {
        String tag = tag();
        for (String header : List.of(tag, "W/" + tag, "\"other\", " + tag, "*")) {
            Api.Response notModified = show(Map.of("If-None-Match", header));
            assertEquals(304, notModified.status(), header + ": " + notModified.body());
            assertEquals("", notModified.body());
            assertEquals(tag, notModified.header("ETag"));
        }
        addRecord("mail", "192.0.2.25", Map.of());
        Api.Response changed = show(Map.of("If-None-Match", tag));
        assertEquals(200, changed.status(), changed.body());
        assertNotEquals(tag, changed.header("ETag"));
        assertEquals(zone, changed.data().getJsonObject("zone").getString("name"));
        assertEquals(200, show(Map.of("If-None-Match", "garbage")).status());
    }

    // ---- If-Match: every conditional write

    @Test
    void everyConditionalWriteWithAStaleTagIsRefusedAndChangesNothing() {
        Api.Response assigned = api.json(
                "POST",
                ZONES + "/" + zone + "/assignDomain",
                Json.createObjectBuilder().add("domainName", "keep-" + zone).build());
        assertEquals(200, assigned.status(), assigned.body());
        String stale = tag();
        Api.Response moved = addRecord("moved", "192.0.2.99", Map.of());
        assertEquals(200, moved.status(), moved.body());
        long entry = lastHistoryEntry();
        Map<String, Function<Map<String, String>, Api.Response>> writes = writes(entry);
        for (Map.Entry<String, Function<Map<String, String>, Api.Response>> write : writes.entrySet()) {
            State before = state();
            Api.Response refused = write.getValue().apply(Map.of("If-Match", stale));
            assertPreconditionFailed(write.getKey(), refused, before.tag());
            assertEquals(before, state(), write.getKey() + ": nothing changed");
        }
    }

    @Test
    void everyConditionalWriteWithTheCurrentTagIsDone() {
        long entry = lastHistoryEntry();
        Map<String, Function<Map<String, String>, Api.Response>> writes = writes(entry);
        for (Map.Entry<String, Function<Map<String, String>, Api.Response>> write : writes.entrySet()) {
            String current = tag();
            Api.Response done = write.getValue().apply(Map.of("If-Match", current));
            assertEquals(200, done.status(), write.getKey() + ": " + done.body());
            String answered = done.header("ETag");
            assertStrongTag(answered);
            if (!write.getKey().startsWith("dnssec")) {
                // DNSSEC's progress (the nameserver's) may change the tag after the answer
                assertEquals(answered, tag(), write.getKey() + ": the answer's tag is the show's");
            }
        }
        Api.Response deleted = api.send(
                "DELETE",
                ZONES + "/delete",
                "application/json",
                Json.createObjectBuilder()
                        .add("zone", zone)
                        .add("forceDelete", true)
                        .build()
                        .toString(),
                Map.of("If-Match", tag()));
        assertEquals(200, deleted.status(), deleted.body());
        assertNull(deleted.header("ETag"), "a delete answers no tag");
        assertEquals(404, show(Map.of()).status());
    }

    @Test
    void deleteWithAStaleTagKeepsTheZone() {
        String stale = tag();
        addRecord("mail", "192.0.2.25", Map.of());
        State before = state();
        Api.Response refused = api.send(
                "DELETE",
                ZONES + "/delete",
                "application/json",
                Json.createObjectBuilder().add("zone", zone).build().toString(),
                Map.of("If-Match", stale));
        assertPreconditionFailed("delete", refused, before.tag());
        assertEquals(before, state());
    }

    @Test
    void starAndListsMatchAWeakTagNever() {
        String current = tag();
        assertPreconditionFailed("weak", addRecord("w", "192.0.2.3", Map.of("If-Match", "W/" + current)), current);
        assertPreconditionFailed("garbage", addRecord("g", "192.0.2.3", Map.of("If-Match", "garbage")), current);
        Api.Response listed = addRecord("l", "192.0.2.4", Map.of("If-Match", "\"other\", " + current));
        assertEquals(200, listed.status(), listed.body());
        Api.Response star = addRecord("s", "192.0.2.5", Map.of("If-Match", "*"));
        assertEquals(200, star.status(), star.body());
        Api.Response lines = update(7000, Map.of("If-Match", "\"a\"," + star.header("ETag") + ", \"b\""));
        assertEquals(200, lines.status(), lines.body());
    }

    @Test
    void withoutIfMatchWritesAsBefore() {
        tag();
        addRecord("one", "192.0.2.1", Map.of());
        Api.Response updated = update(4000, Map.of());
        assertEquals(200, updated.status(), updated.body());
        assertEquals(4000, updated.data().getJsonObject("zone").getInt("ttl"));
    }

    @Test
    void ifMatchOnAZoneThatDoesNotExistIsAsWithoutIt() {
        Api.Response missing = api.json(
                "PUT",
                ZONES + "/update",
                Json.createObjectBuilder()
                        .add("zone", "no-" + zone)
                        .add("ttl", 600)
                        .build());
        Api.Response conditional = api.send(
                "PUT",
                ZONES + "/update",
                "application/json",
                Json.createObjectBuilder()
                        .add("zone", "no-" + zone)
                        .add("ttl", 600)
                        .build()
                        .toString(),
                Map.of("If-Match", "*"));
        assertEquals(404, missing.status());
        assertEquals(404, conditional.status(), conditional.body());
        String other = "n" + zone;
        Api.Response created = api.send(
                "POST",
                ZONES + "/create",
                "application/json",
                Json.createObjectBuilder().add("name", other).build().toString(),
                Map.of("If-Match", "*"));
        assertEquals(412, created.status(), created.body());
        assertEquals(List.of(4120), created.errorCodes());
        assertNull(created.header("ETag"));
        assertEquals(404, api.get(ZONES + "/show?zone=" + other).status(), "nothing created");
    }

    // ---- two writers with one tag

    @Test
    void twoWritersWithOneTagGetExactlyOneSuccessAndOne412() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            for (int round = 0; round < 5; round++) {
                String tag = tag();
                State before = state();
                int r = round;
                CyclicBarrier start = new CyclicBarrier(2);
                // records/add locks through its own query, update through the editor's: one of each, then two adds
                Future<Api.Response> adding = pool.submit(() -> {
                    start.await();
                    return addRecord("r" + r, "192.0.2." + (10 + r), Map.of("If-Match", tag));
                });
                Future<Api.Response> second = pool.submit(() -> {
                    start.await();
                    return r % 2 == 0
                            ? update(3000 + r, Map.of("If-Match", tag))
                            : addRecord("s" + r, "192.0.2." + (20 + r), Map.of("If-Match", tag));
                });
                List<Integer> statuses = new ArrayList<>(
                        List.of(adding.get().status(), second.get().status()));
                statuses.sort(null);
                assertEquals(List.of(200, 412), statuses, "round " + r + ": " + adding.get() + " / " + second.get());
                Api.Response winner = adding.get().status() == 200 ? adding.get() : second.get();
                Api.Response loser = adding.get().status() == 200 ? second.get() : adding.get();
                assertEquals(winner.header("ETag"), loser.header("ETag"), "the 412 names the winner's tag");
                assertEquals(before.history() + 1, state().history(), "one change, one history entry");
            }
        } finally {
            pool.shutdownNow();
        }
    }

    // ---- helpers

    /** Each conditional write of an existing zone, by name, with the headers given. */
    private Map<String, Function<Map<String, String>, Api.Response>> writes(long entry) {
        Map<String, Function<Map<String, String>, Api.Response>> writes = new java.util.LinkedHashMap<>();
        writes.put("update", h -> update(5400, h));
        writes.put("records/add", h -> addRecord("added", "192.0.2.77", h));
        writes.put(
                "records/delete",
                h -> api.send(
                        "DELETE",
                        ZONES + "/records/delete",
                        "application/json",
                        Json.createObjectBuilder()
                                .add("zone", zone)
                                .add(
                                        "records",
                                        Json.createArrayBuilder()
                                                .add(Json.createObjectBuilder()
                                                        .add("name", "www")
                                                        .add("type", "A")))
                                .build()
                                .toString(),
                        h));
        writes.put(
                "rrsets/change",
                h -> post(
                        ZONES + "/rrsets/change",
                        "{\"zone\":\"" + zone
                                + "\",\"changes\":[{\"name\":\"www\",\"type\":\"A\",\"records\":[\"192.0.2.88\"]}]}",
                        h));
        String domain = "d-" + zone;
        writes.put(
                "assignDomain",
                h -> post(ZONES + "/" + zone + "/assignDomain", "{\"domainName\":\"" + domain + "\"}", h));
        writes.put(
                "dissociateDomain",
                h -> post(ZONES + "/" + zone + "/dissociateDomain", "{\"domainName\":\"" + domain + "\"}", h));
        writes.put("dnssec/enable", h -> post(ZONES + "/dnssec/enable", "{\"zone\":\"" + zone + "\"}", h));
        writes.put("dnssec/disable", h -> post(ZONES + "/dnssec/disable", "{\"zone\":\"" + zone + "\"}", h));
        writes.put("restore", h -> post(ZONES + "/restore", "{\"zone\":\"" + zone + "\",\"entry\":" + entry + "}", h));
        writes.put(
                "import",
                h -> post(
                        ZONES + "/import",
                        Json.createObjectBuilder()
                                .add("zone", zone)
                                .add(
                                        "file",
                                        "$TTL 3600\n@ IN SOA ns1.example.net. hostmaster." + zone
                                                + ". 1 7200 3600 1209600 3600\nimported IN A 192.0.2.60\n")
                                .build()
                                .toString(),
                        h));
        return writes;
    }

    private Api.Response post(String path, String json, Map<String, String> headers) {
        return api.send("POST", path, "application/json", json, headers);
    }

    private Api.Response addRecord(String name, String address, Map<String, String> headers) {
        return post(
                ZONES + "/records/add",
                Json.createObjectBuilder()
                        .add("zone", zone)
                        .add("records", records(record(name, "A", address, null)))
                        .build()
                        .toString(),
                headers);
    }

    private Api.Response update(int ttl, Map<String, String> headers) {
        return api.send(
                "PUT",
                ZONES + "/update",
                "application/json",
                Json.createObjectBuilder()
                        .add("zone", zone)
                        .add("ttl", ttl)
                        .build()
                        .toString(),
                headers);
    }

    private Api.Response show(Map<String, String> headers) {
        return api.send("GET", ZONES + "/show?zone=" + zone, null, null, headers);
    }

    private String tag() {
        Api.Response shown = show(Map.of());
        assertEquals(200, shown.status(), shown.body());
        return shown.header("ETag");
    }

    /** What a refused write must leave as it was: the zone as shown (serial, records, settings, domains) and its history. */
    private record State(String tag, String zone, int history) {}

    private State state() {
        Api.Response shown = show(Map.of());
        assertEquals(200, shown.status(), shown.body());
        Api.Response history = api.get(ZONES + "/history?zone=" + zone + "&limit=500");
        assertEquals(200, history.status(), history.body());
        return new State(
                shown.header("ETag"),
                shown.data().getJsonObject("zone").toString(),
                history.data().getJsonArray("history").size());
    }

    private long lastHistoryEntry() {
        Api.Response history = api.get(ZONES + "/history?zone=" + zone + "&limit=1");
        assertEquals(200, history.status(), history.body());
        return history.data()
                .getJsonArray("history")
                .getJsonObject(0)
                .getJsonNumber("id")
                .longValue();
    }

    private static void assertPreconditionFailed(String write, Api.Response refused, String current) {
        assertEquals(412, refused.status(), write + ": " + refused.body());
        assertEquals("error", refused.envelope().getString("status"));
        assertEquals(List.of(4120), refused.errorCodes(), write);
        assertEquals(List.of("If-Match"), refused.errorFields(), write);
        assertEquals(current, refused.header("ETag"), write + ": the current tag in ETag");
        JsonObject error = refused.envelope()
                .getJsonObject("messages")
                .getJsonArray("errors")
                .getJsonObject(0);
        assertTrue(error.getString("message").endsWith(current), write + ": the message ends with the current tag");
    }

    private static void assertStrongTag(String tag) {
        assertNotNull(tag, "an ETag header");
        assertTrue(tag.matches("\"[A-Za-z0-9_-]+\""), "a strong, quoted tag: " + tag);
    }
}
