package net.hostingapi.accounts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.net.URL;
import java.util.List;
import java.util.Map;
import net.hostingapi.support.Api;
import net.hostingapi.support.Database;
import net.hostingapi.support.Deployments;
import net.hostingapi.support.ServiceTest;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Tokens limited by a policy: the certificate robot's case end to end, narrowing, the address
 * ranges behind the trusted proxy, the unused period, and what the policy fields accept.
 */
@ServiceTest
@RunAsClient
class TokenPoliciesIT {

    private static final String TOKENS = "/api/v1/account/users/tokens";
    private static final int POLICY_DENIED = 4031;

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.service();
    }

    @ArquillianResource
    URL base;

    Api owner;
    String zone;
    String other;

    @BeforeEach
    void customerWithTwoZones() {
        Api.Customer customer = Api.at(base).newCustomer();
        owner = customer.api();
        zone = customer.username() + ".example";
        other = "other-" + customer.username() + ".example";
        assertEquals(
                201,
                owner.json(
                                "POST",
                                "/api/v1/dns/zones/create",
                                Json.createObjectBuilder()
                                        .add("name", zone)
                                        .add(
                                                "records",
                                                records(
                                                        record("www", "A", "192.0.2.10"),
                                                        record("@", "MX", "10 mail." + zone)))
                                        .build())
                        .status());
        assertEquals(
                201,
                owner.json(
                                "POST",
                                "/api/v1/dns/zones/create",
                                Json.createObjectBuilder().add("name", other).build())
                        .status());
    }

    @Test
    void anAcmeTokenTouchesItsChallengeRecordsAndNothingElse() {
        JsonObject issued = issue(policy().add(
                        "rights",
                        Json.createArrayBuilder().add("DNS_ZONES_LIST").add("DNS_ZONES_CRUD"))
                .add("zones", Json.createArrayBuilder().add(zone.toUpperCase() + "."))
                .add("names", Json.createArrayBuilder().add("_acme-challenge").add("_acme-challenge.*"))
                .add("types", Json.createArrayBuilder().add("txt")));
        assertEquals(List.of(zone), strings(issued, "zones"), "stored normalised");
        assertEquals(List.of("TXT"), strings(issued, "types"));
        Api robot = owner.withToken(issued.getString("token"));

        assertEquals(
                200, add(robot, record("_acme-challenge", "TXT", "token-1")).status());
        assertEquals(
                200, add(robot, record("_acme-challenge.www", "TXT", "token-2")).status());

        Api.Response www = add(robot, record("www", "TXT", "not mine"));
        assertDenied(www);
        Api.Response mixed = add(robot, record("_acme-challenge", "TXT", "token-3"), record("api", "A", "192.0.2.3"));
        assertDenied(mixed);
        assertEquals(4, records().size(), "nothing of the refused requests was stored: " + records());

        // records/delete: a selector that also matches records outside the policy refuses the request.
        assertDenied(deleteRecords(robot, Json.createObjectBuilder().add("type", "A")));
        assertDenied(deleteRecords(robot, Json.createObjectBuilder().add("name", "www")));
        assertEquals(4, records().size());
        assertEquals(
                200,
                deleteRecords(
                                robot,
                                Json.createObjectBuilder()
                                        .add("name", "_acme-challenge")
                                        .add("type", "TXT"))
                        .status());
        assertEquals(3, records().size());

        // The whole zone: settings, replacing records outside the policy, deletion, domains.
        assertDenied(update(robot, Json.createObjectBuilder().add("ttl", 600)));
        assertDenied(update(
                robot, Json.createObjectBuilder().add("records", records(record("_acme-challenge", "TXT", "x")))));
        Api.Response keepingOthers = update(
                robot,
                Json.createObjectBuilder()
                        .add(
                                "records",
                                records(
                                        record("www", "A", "192.0.2.10"),
                                        record("@", "MX", "10 mail." + zone),
                                        record("_acme-challenge.www", "TXT", "token-2"),
                                        record("_acme-challenge", "TXT", "token-4"))));
        assertEquals(200, keepingOthers.status(), "only its own records change: " + keepingOthers.body());
        assertEquals(4, records().size());
        assertDenied(robot.json(
                "DELETE",
                "/api/v1/dns/zones/delete",
                Json.createObjectBuilder().add("zone", zone).build()));
        assertEquals(200, owner.get("/api/v1/dns/zones/show?zone=" + zone).status(), "the zone is still there");
        assertDenied(robot.json(
                "POST",
                "/api/v1/dns/zones/" + zone + "/assignDomain",
                Json.createObjectBuilder().add("domainName", "shop." + zone).build()));
        assertDenied(robot.json(
                "POST",
                "/api/v1/dns/zones/create",
                Json.createObjectBuilder().add("name", "new-" + zone).build()));

        // Another zone of the same account does not exist for it, in any answer.
        assertEquals(404, robot.get("/api/v1/dns/zones/show?zone=" + other).status());
        assertEquals(404, robot.get("/api/v1/dns/zones/export?zone=" + other).status());
        assertEquals(
                404, add(robot, other, record("_acme-challenge", "TXT", "x")).status());
        List<String> listed = robot.get("/api/v1/dns/zones").data().getJsonArray("zones").stream()
                .map(z -> z.asJsonObject().getString("name"))
                .toList();
        assertEquals(List.of(zone), listed);
        assertEquals(
                1,
                robot.get("/api/v1/dns/zones/statistics")
                        .data()
                        .getJsonObject("statistics")
                        .getInt("zones"));
        assertEquals(
                2, owner.get("/api/v1/dns/zones").data().getJsonArray("zones").size(), "the owner sees both");
    }

    @Test
    void aTokenCannotIssueOrGrantMoreThanItsOwnPolicy() {
        JsonObject limited = issue(policy().add(
                        "rights",
                        Json.createArrayBuilder()
                                .add("ACCOUNT_TOKENS_CRUD")
                                .add("ACCOUNT_TOKENS_LIST")
                                .add("DNS_ZONES_LIST"))
                .add("zones", Json.createArrayBuilder().add(zone))
                .add("max_unused_days", 30));
        Api admin = owner.withToken(limited.getString("token"));
        Api.Response wider = admin.json(
                "POST",
                TOKENS + "/create",
                Json.createObjectBuilder()
                        .add("rights", Json.createArrayBuilder().add("DNS_ZONES_LIST"))
                        .build());
        assertDenied(wider);
        assertTrue(wider.body().contains("zones") && wider.body().contains("max_unused_days"), wider.body());
        Api.Response narrower = admin.json(
                "POST",
                TOKENS + "/create",
                policy().add("zones", Json.createArrayBuilder().add(zone))
                        .add("names", Json.createArrayBuilder().add("_acme-challenge"))
                        .add("max_unused_days", 7)
                        .build());
        assertEquals(201, narrower.status(), narrower.body());
        long id = narrower.data().getJsonObject("token").getJsonNumber("id").longValue();
        // Nor widen a token afterwards, its own included.
        assertDenied(admin.json(
                "PUT",
                TOKENS + "/" + id + "/update",
                Json.createObjectBuilder().addNull("zones").build()));
        assertDenied(admin.json(
                "PUT",
                TOKENS + "/" + limited.getJsonNumber("id") + "/update",
                Json.createObjectBuilder()
                        .add("zones", Json.createArrayBuilder().add(zone).add(other))
                        .build()));
        // The owner (no policy) changes it: given fields replace, absent ones stay, null clears.
        Api.Response changed = owner.json(
                "PUT",
                TOKENS + "/" + id + "/update",
                Json.createObjectBuilder()
                        .add("types", Json.createArrayBuilder().add("TXT"))
                        .addNull("names")
                        .build());
        assertEquals(200, changed.status(), changed.body());
        JsonObject token = changed.data().getJsonObject("token");
        assertEquals(List.of(zone), strings(token, "zones"));
        assertEquals(List.of(), strings(token, "names"));
        assertEquals(List.of("TXT"), strings(token, "types"));
        assertEquals(7, token.getInt("max_unused_days"));
        assertEquals(token, owner.get(TOKENS + "/" + id).data().getJsonObject("token"), "show shows the same");
    }

    /** A policy narrowed by the owner applies from the token's very next request, though it was just used. */
    @Test
    void aNarrowedPolicyAppliesAtTheTokensNextRequest() {
        JsonObject issued =
                issue(policy().add("rights", Json.createArrayBuilder().add("DNS_ZONES_LIST")));
        Api robot = owner.withToken(issued.getString("token"));
        assertEquals(200, robot.get("/api/v1/dns/zones/show?zone=" + other).status());
        Api.Response narrowed = owner.json(
                "PUT",
                TOKENS + "/" + issued.getJsonNumber("id") + "/update",
                Json.createObjectBuilder()
                        .add("zones", Json.createArrayBuilder().add(zone))
                        .build());
        assertEquals(200, narrowed.status(), narrowed.body());
        assertEquals(404, robot.get("/api/v1/dns/zones/show?zone=" + other).status(), "outside its zones now");
        assertEquals(200, robot.get("/api/v1/dns/zones/show?zone=" + zone).status());
    }

    /** Behind the trusted proxy (127.0.0.1 in the tests) X-Forwarded-For is the client address. */
    @Test
    void aTokenOutsideItsAddressRangesIsUnknown() throws Exception {
        JsonObject issued = issue(policy().add(
                        "rights", Json.createArrayBuilder().add("DNS_ZONES_LIST"))
                .add("subnets", Json.createArrayBuilder().add("198.51.100.7/24").add("2001:db8::/32")));
        assertEquals(List.of("198.51.100.0/24", "2001:db8:0:0:0:0:0:0/32"), strings(issued, "subnets"));
        Api proxy = Api.at(new URL("http", "127.0.0.1", base.getPort(), "/")).withToken(issued.getString("token"));
        String show = "/api/v1/dns/zones/show?zone=" + zone;
        assertEquals(
                200,
                proxy.send("GET", show, null, null, Map.of("X-Forwarded-For", "198.51.100.20"))
                        .status());
        assertEquals(
                200,
                proxy.send("GET", show, null, null, Map.of("X-Forwarded-For", "2001:db8::1"))
                        .status());
        Api.Response outside = proxy.send("GET", show, null, null, Map.of("X-Forwarded-For", "203.0.113.5"));
        assertEquals(401, outside.status());
        assertEquals(List.of(4011), outside.errorCodes(), "like an unknown token");
        assertEquals(401, proxy.get(show).status(), "the proxy itself is outside the ranges");
        // Straight from the machine's address (not a trusted proxy) a forwarded address counts for nothing.
        assertEquals(
                401,
                owner.withToken(issued.getString("token"))
                        .send("GET", show, null, null, Map.of("X-Forwarded-For", "198.51.100.20"))
                        .status());
    }

    @Test
    void aTokenUnusedForLongerThanItsPeriodStopsWorking() {
        JsonObject issued =
                issue(policy().add("rights", Json.createArrayBuilder().add("DNS_ZONES_LIST"))
                        .add("max_unused_days", 30));
        long id = issued.getJsonNumber("id").longValue();
        Api robot = owner.withToken(issued.getString("token"));
        assertEquals(200, robot.get("/api/v1/dns/zones").status());
        assertNotNull(Database.value("SELECT last_used_at FROM api_tokens WHERE id = ?", id), "its use was recorded");

        Database.update("UPDATE api_tokens SET last_used_at = UTC_TIMESTAMP() - INTERVAL 29 DAY WHERE id = ?", id);
        assertEquals(200, robot.get("/api/v1/dns/zones").status(), "within its period");
        Database.update("UPDATE api_tokens SET last_used_at = UTC_TIMESTAMP() - INTERVAL 31 DAY WHERE id = ?", id);
        // changed behind the service's back: seen once the token is read again (TOKEN_CACHE_MILLIS)
        Api.Response stale = robot.getUntil("/api/v1/dns/zones", 401);
        assertEquals(401, stale.status());
        assertEquals(List.of(4011), stale.errorCodes());
        assertFalse(owner.get(TOKENS + "/" + id).data().getJsonObject("token").getBoolean("active"));

        // Never used since it was issued, longer ago than its period: also stopped.
        JsonObject unused =
                issue(policy().add("rights", Json.createArrayBuilder().add("DNS_ZONES_LIST"))
                        .add("max_unused_days", 1));
        Database.update(
                "UPDATE api_tokens SET created_at = UTC_TIMESTAMP() - INTERVAL 2 DAY WHERE id = ?",
                unused.getJsonNumber("id").longValue());
        assertEquals(
                401,
                owner.withToken(unused.getString("token"))
                        .get("/api/v1/dns/zones")
                        .status());
    }

    @Test
    void policyFieldsAreChecked() {
        Api.Response refused = owner.json(
                "POST",
                TOKENS + "/create",
                policy().add("zones", Json.createArrayBuilder().add("not a zone!"))
                        .add("names", Json.createArrayBuilder().add("ok").add("a..b"))
                        .add("types", Json.createArrayBuilder().add("BOGUS"))
                        .add("subnets", Json.createArrayBuilder().add("300.1.1.1/8"))
                        .add("max_unused_days", 0)
                        .build());
        assertEquals(422, refused.status(), refused.body());
        assertEquals(
                List.of("zones[0]", "names[1]", "types[0]", "subnets[0]", "max_unused_days"), refused.errorFields());
        assertEquals(
                1, owner.get(TOKENS + "/tokens").data().getJsonArray("tokens").size(), "no token was issued");
    }

    // ---- helpers

    private static JsonObjectBuilder policy() {
        return Json.createObjectBuilder();
    }

    private JsonObject issue(JsonObjectBuilder body) {
        Api.Response created = owner.json("POST", TOKENS + "/create", body.build());
        assertEquals(201, created.status(), created.body());
        return created.data().getJsonObject("token");
    }

    private static void assertDenied(Api.Response response) {
        assertEquals(403, response.status(), response.body());
        assertEquals(List.of(POLICY_DENIED), response.errorCodes(), response.body());
    }

    private static List<String> strings(JsonObject object, String name) {
        return object.getJsonArray(name).getValuesAs(jakarta.json.JsonString.class).stream()
                .map(jakarta.json.JsonString::getString)
                .toList();
    }

    private List<JsonObject> records() {
        return owner.get("/api/v1/dns/zones/show?zone=" + zone)
                .data()
                .getJsonObject("zone")
                .getJsonArray("records")
                .getValuesAs(JsonObject.class);
    }

    private Api.Response add(Api api, JsonObjectBuilder... records) {
        return add(api, zone, records);
    }

    private static Api.Response add(Api api, String zone, JsonObjectBuilder... records) {
        return api.json(
                "POST",
                "/api/v1/dns/zones/records/add",
                Json.createObjectBuilder()
                        .add("zone", zone)
                        .add("records", records(records))
                        .build());
    }

    private Api.Response deleteRecords(Api api, JsonObjectBuilder selector) {
        return api.json(
                "DELETE",
                "/api/v1/dns/zones/records/delete",
                Json.createObjectBuilder()
                        .add("zone", zone)
                        .add("records", Json.createArrayBuilder().add(selector))
                        .build());
    }

    private Api.Response update(Api api, JsonObjectBuilder changes) {
        return api.json(
                "PUT", "/api/v1/dns/zones/update", changes.add("zone", zone).build());
    }

    private static JsonObjectBuilder record(String name, String type, String data) {
        return Json.createObjectBuilder().add("name", name).add("type", type).add("data", data);
    }

    private static JsonArrayBuilder records(JsonObjectBuilder... records) {
        JsonArrayBuilder array = Json.createArrayBuilder();
        for (JsonObjectBuilder record : records) {
            array.add(record);
        }
        return array;
    }
}
