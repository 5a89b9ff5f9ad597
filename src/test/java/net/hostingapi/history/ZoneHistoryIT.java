package net.hostingapi.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.net.URL;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import net.hostingapi.support.Api;
import net.hostingapi.support.Deployments;
import net.hostingapi.support.ServiceTest;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Every committed change of a zone in its history, paged, after its deletion too, and a zone put back. */
@ServiceTest
@RunAsClient
class ZoneHistoryIT {

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.service();
    }

    @ArquillianResource
    URL base;

    Api.Customer customer;
    Api api;
    String zone;

    @BeforeEach
    void newCustomer() {
        customer = Api.at(base).newCustomer();
        api = customer.api();
        zone = customer.username() + ".example";
    }

    @Test
    void everyChangeIsAnEntryNewestFirstWithWhoWhatAndSerials() {
        assertEquals(
                201,
                api.json(
                                "POST",
                                "/api/v1/dns/zones/create",
                                Json.createObjectBuilder()
                                        .add("name", zone)
                                        .add("records", records(record("www", "A", "192.0.2.1", null)))
                                        .build())
                        .status());
        assertEquals(200, add(record("mail", "A", "192.0.2.2", null)).status());
        assertEquals(200, add(record("mail", "A", "192.0.2.2", 600)).status(), "a new TTL");
        assertEquals(
                200,
                api.json(
                                "DELETE",
                                "/api/v1/dns/zones/records/delete",
                                Json.createObjectBuilder()
                                        .add("zone", zone)
                                        .add(
                                                "records",
                                                Json.createArrayBuilder()
                                                        .add(Json.createObjectBuilder()
                                                                .add("name", "www")))
                                        .build())
                        .status());
        assertEquals(200, update(Json.createObjectBuilder().add("ttl", 900)).status());
        assertEquals(200, update(Json.createObjectBuilder().add("ttl", 900)).status(), "changes nothing");
        assertEquals(422, add(record("bad", "A", "999.1.1.1", null)).status(), "refused");
        assertEquals(
                200,
                api.json(
                                "POST",
                                "/api/v1/dns/zones/" + zone + "/assignDomain",
                                Json.createObjectBuilder()
                                        .add("domainName", "alias-" + zone)
                                        .build())
                        .status());
        assertEquals(
                200,
                api.json(
                                "POST",
                                "/api/v1/dns/zones/" + zone + "/dissociateDomain",
                                Json.createObjectBuilder()
                                        .add("domainName", "alias-" + zone)
                                        .build())
                        .status());

        List<JsonObject> history = history("");
        assertEquals(
                List.of(
                        "dissociateDomain",
                        "assignDomain",
                        "update",
                        "records/delete",
                        "records/add",
                        "records/add",
                        "create"),
                history.stream().map(e -> e.getString("operation")).toList(),
                "no entry for what changed nothing or was refused");
        JsonObject created = history.get(6);
        assertEquals(Set.of("www A 192.0.2.1 -"), records(created, "added"));
        assertTrue(created.isNull("serial_before"));
        assertEquals(
                Json.createObjectBuilder()
                        .add("from", JsonValue.NULL)
                        .add("to", "300")
                        .build(),
                created.getJsonObject("settings").getJsonObject("ttl"));
        JsonObject retimed = history.get(4);
        assertEquals(Set.of("mail A 192.0.2.2 600"), records(retimed, "added"));
        assertEquals(Set.of("mail A 192.0.2.2 -"), records(retimed, "removed"));
        assertEquals(Set.of("www A 192.0.2.1 -"), records(history.get(3), "removed"));
        assertEquals(
                Json.createObjectBuilder().add("from", "300").add("to", "900").build(),
                history.get(2).getJsonObject("settings").getJsonObject("ttl"));
        assertEquals("alias-" + zone, history.get(1).getString("domain"));
        for (int i = 0; i < history.size(); i++) {
            JsonObject entry = history.get(i);
            assertEquals(customer.username(), entry.getString("user"));
            assertNotNull(entry.getJsonNumber("token_id"));
            assertTrue(entry.getString("address").length() > 0);
            assertTrue(entry.getString("created_at").matches("\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}"));
            if (i + 1 < history.size()) {
                assertEquals(
                        history.get(i + 1).getString("serial_after"),
                        entry.getString("serial_before"),
                        "each change starts where the one before it ended");
            }
        }
        assertEquals(show().getString("serial"), history.get(0).getString("serial_after"), "the latest is the zone's");

        // Paged: two at a time, then the ones before the last seen.
        List<JsonObject> first = history("&limit=2");
        assertEquals(history.subList(0, 2), first);
        assertEquals(
                history.subList(2, 4), history("&limit=2&before=" + first.get(1).getJsonNumber("id")));
        assertEquals(
                422,
                api.get("/api/v1/dns/zones/history?zone=" + zone + "&limit=0").status());
        assertEquals(422, api.get("/api/v1/dns/zones/history").status());
        assertEquals(
                404, api.get("/api/v1/dns/zones/history?zone=nothing-" + zone).status());
    }

    @Test
    void aZoneIsPutBackToTheStateAfterAnEntryAndADeletedOneComesBack() {
        assertEquals(
                201,
                api.json(
                                "POST",
                                "/api/v1/dns/zones/create",
                                Json.createObjectBuilder()
                                        .add("name", zone)
                                        .add("ttl", 600)
                                        .add(
                                                "records",
                                                records(
                                                        record("www", "A", "192.0.2.1", null),
                                                        record("@", "TXT", "v=spf1 -all", 3600)))
                                        .build())
                        .status());
        JsonObject original = show();
        long createdEntry = history("").get(0).getJsonNumber("id").longValue();
        assertEquals(200, add(record("api", "AAAA", "2001:db8::1", null)).status());
        assertEquals(
                200,
                update(Json.createObjectBuilder()
                                .add("ttl", 1200)
                                .add("refresh", 7200)
                                .add("records", records(record("only", "A", "192.0.2.9", null))))
                        .status());

        Api.Response restored = restore(createdEntry);
        assertEquals(200, restored.status(), restored.body());
        JsonObject now = show();
        assertEquals(records(original), records(now));
        for (String setting : List.of("ttl", "refresh", "retry", "expire", "hostmaster")) {
            assertEquals(original.get(setting), now.get(setting), setting);
        }
        assertTrue(Long.parseLong(now.getString("serial")) > Long.parseLong(original.getString("serial")));
        JsonObject restoreEntry = history("").get(0);
        assertEquals("restore", restoreEntry.getString("operation"));
        assertEquals(Set.of("only A 192.0.2.9 -"), records(restoreEntry, "removed"));

        // Deleted: the history stays readable by name, and the zone comes back as it was before.
        assertEquals(
                200,
                api.json(
                                "DELETE",
                                "/api/v1/dns/zones/delete",
                                Json.createObjectBuilder().add("zone", zone).build())
                        .status());
        List<JsonObject> afterDeletion = history("");
        assertEquals("delete", afterDeletion.get(0).getString("operation"));
        assertEquals(records(original), records(afterDeletion.get(0), "removed"));
        assertEquals(
                409,
                restore(afterDeletion.get(0).getJsonNumber("id").longValue()).status(),
                "no zone after a delete");
        Api.Response back = restore(afterDeletion.get(1).getJsonNumber("id").longValue());
        assertEquals(200, back.status(), back.body());
        assertEquals(records(original), records(show()));
        assertEquals(600, show().getInt("ttl"));
    }

    @Test
    void anotherAccountSeesNeitherTheHistoryNorTheEntries() {
        assertEquals(
                201,
                api.json(
                                "POST",
                                "/api/v1/dns/zones/create",
                                Json.createObjectBuilder().add("name", zone).build())
                        .status());
        long entry = history("").get(0).getJsonNumber("id").longValue();
        Api other = Api.at(base).newCustomer().api();
        assertEquals(404, other.get("/api/v1/dns/zones/history?zone=" + zone).status());
        String theirs = "their-" + zone;
        assertEquals(
                201,
                other.json(
                                "POST",
                                "/api/v1/dns/zones/create",
                                Json.createObjectBuilder().add("name", theirs).build())
                        .status());
        assertEquals(
                404,
                other.json(
                                "POST",
                                "/api/v1/dns/zones/restore",
                                Json.createObjectBuilder()
                                        .add("zone", theirs)
                                        .add("entry", entry)
                                        .build())
                        .status(),
                "an entry of another zone");
        assertEquals(
                404,
                other.json(
                                "POST",
                                "/api/v1/dns/zones/restore",
                                Json.createObjectBuilder()
                                        .add("zone", zone)
                                        .add("entry", entry)
                                        .build())
                        .status());
        assertEquals(1, history("").size(), "nothing restored");
    }

    // ---- helpers

    private List<JsonObject> history(String more) {
        Api.Response answer = api.get("/api/v1/dns/zones/history?zone=" + zone + more);
        assertEquals(200, answer.status(), answer.body());
        return answer.data().getJsonArray("history").getValuesAs(JsonObject.class);
    }

    private Api.Response restore(long entry) {
        return api.json(
                "POST",
                "/api/v1/dns/zones/restore",
                Json.createObjectBuilder().add("zone", zone).add("entry", entry).build());
    }

    private JsonObject show() {
        Api.Response shown = api.get("/api/v1/dns/zones/show?zone=" + zone);
        assertEquals(200, shown.status(), shown.body());
        return shown.data().getJsonObject("zone");
    }

    private Api.Response add(JsonObjectBuilder record) {
        return api.json(
                "POST",
                "/api/v1/dns/zones/records/add",
                Json.createObjectBuilder()
                        .add("zone", zone)
                        .add("records", records(record))
                        .build());
    }

    private Api.Response update(JsonObjectBuilder changes) {
        return api.json(
                "PUT", "/api/v1/dns/zones/update", changes.add("zone", zone).build());
    }

    private static JsonObjectBuilder record(String name, String type, String data, Integer ttl) {
        JsonObjectBuilder record =
                Json.createObjectBuilder().add("name", name).add("type", type).add("data", data);
        return ttl == null ? record : record.add("ttl", ttl);
    }

    private static JsonArrayBuilder records(JsonObjectBuilder... records) {
        JsonArrayBuilder array = Json.createArrayBuilder();
        for (JsonObjectBuilder record : records) {
            array.add(record);
        }
        return array;
    }

    private static Set<String> records(JsonObject object) {
        return records(object, "records");
    }

    /** Records as "name type data ttl" ({@code -}: the zone's TTL). */
    private static Set<String> records(JsonObject object, String member) {
        return object.getJsonArray(member).getValuesAs(JsonObject.class).stream()
                .map(r -> r.getString("name") + " " + r.getString("type") + " " + r.getString("data") + " "
                        + (r.isNull("ttl") ? "-" : r.getString("ttl")))
                .collect(Collectors.toCollection(TreeSet::new));
    }
}
