package net.hostingapi.accounts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.net.URL;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;
import java.util.stream.Collectors;
import net.hostingapi.accounts.Sweep.Call;
import net.hostingapi.support.Api;
import net.hostingapi.support.Database;
import net.hostingapi.support.Deployments;
import net.hostingapi.support.OpenApiOperations;
import net.hostingapi.support.OpenApiOperations.Operation;
import net.hostingapi.support.ServiceTest;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;

/**
 * api.md, Authentication and rights, on every DNS operation of the served OpenAPI document: a token with only
 * DNS_ZONES_LIST, only DNS_ZONES_CRUD, or no right at all is refused (403 naming the missing right,
 * nothing changed) exactly where the operation's right is missing, and otherwise served; a
 * deactivated or expired token is 401 everywhere, nothing changed.
 */
@ServiceTest
@RunAsClient
class RightsSweepIT {

    private static final String LIST = "DNS_ZONES_LIST";
    private static final String CRUD = "DNS_ZONES_CRUD";
    private static final String NONE = "";
    private static final String ZONES = "/api/v1/dns/zones";
    private static final String MACHINES = "/api/v1/datacenter/machines";

    /** Spec and api.md, Authentication and rights; export as api.md, DNS zones, says. An operation missing here fails the sweep. */
    private static final Map<String, String> RIGHT_OF = Map.ofEntries(
            Map.entry("GET " + ZONES, LIST),
            Map.entry("GET " + ZONES + "/show", LIST),
            Map.entry("GET " + ZONES + "/statistics", LIST),
            Map.entry("GET " + ZONES + "/export", LIST),
            Map.entry("GET " + ZONES + "/history", LIST),
            Map.entry("POST " + ZONES + "/import", CRUD),
            Map.entry("POST " + ZONES + "/restore", CRUD),
            Map.entry("POST " + ZONES + "/create", CRUD),
            Map.entry("PUT " + ZONES + "/update", CRUD),
            Map.entry("DELETE " + ZONES + "/delete", CRUD),
            Map.entry("POST " + ZONES + "/refresh", CRUD),
            Map.entry("POST " + ZONES + "/records/add", CRUD),
            Map.entry("DELETE " + ZONES + "/records/delete", CRUD),
            Map.entry("POST " + ZONES + "/rrsets/change", CRUD),
            Map.entry("GET " + ZONES + "/dnssec", LIST),
            Map.entry("GET " + ZONES + "/status", LIST),
            Map.entry("POST " + ZONES + "/dnssec/enable", CRUD),
            Map.entry("POST " + ZONES + "/dnssec/disable", CRUD),
            Map.entry("POST " + ZONES + "/{zone}/assignDomain", NONE),
            Map.entry("POST " + ZONES + "/{zone}/dissociateDomain", NONE));

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.service();
    }

    @ArquillianResource
    URL base;

    private final Sweep sweep = new Sweep();
    private Api owner;
    private String zone;

    @Test
    void eachDnsOperationChecksItsOwnRightOnly() {
        Api.Customer a = Api.at(base).newCustomer();
        owner = a.api();
        zone = newZone();
        Map<String, Api> tokens = new LinkedHashMap<>();
        tokens.put("only " + LIST, Api.at(base).withToken(token(List.of(LIST), null)));
        tokens.put("only " + CRUD, Api.at(base).withToken(token(List.of(CRUD), null)));
        tokens.put("no right", Api.at(base).withToken(token(List.of(), null)));
        Map<String, Set<String>> held =
                Map.of("only " + LIST, Set.of(LIST), "only " + CRUD, Set.of(CRUD), "no right", Set.of());

        List<Operation> operations = dnsOperations();
        for (Map.Entry<String, Api> token : tokens.entrySet()) {
            for (Operation operation : operations) {
                String right = RIGHT_OF.get(operation.key());
                Map<String, JsonValue> parameters = prepare(operation);
                String before = state();
                Call call = sweep.call(token.getValue(), operation, parameters);
                String with = " (token with " + token.getKey() + "): " + call;
                if (right.isEmpty() || held.get(token.getKey()).contains(right)) {
                    sweep.expect(
                            call.status() == 200 || call.status() == 201,
                            "the token holds what this operation needs" + with);
                } else {
                    String other = right.equals(LIST) ? CRUD : LIST;
                    sweep.expect(
                            call.status() == 403 && call.errorCodes().equals(List.of(4030)),
                            "403 RIGHT_MISSING expected" + with);
                    sweep.expect(
                            call.answer().body().contains(right)
                                    && !call.answer().body().contains(other),
                            "the message names the missing right " + right + " (and only it)" + with);
                    sweep.expect(before.equals(state()), "a refused call changed the account's zones" + with);
                }
            }
        }
        System.out.println("RightsSweepIT: " + operations.size() + " DNS operations x " + tokens.size() + " tokens, "
                + sweep.calls() + " calls");
        sweep.assertNoProblems("rights sweep");
    }

    /**
     * The machine inventory's operations of the served document: registering and removing need the
     * operator's MACHINES_CRUD (403 naming it, nothing changed, for an operator token without it, a
     * customer's token with every right, a token with none); listing needs a valid token only.
     */
    @Test
    void machineOperationsCheckTheOperatorsRight() {
        Api operator = Api.at(base).asOperator();
        Api.Customer customer = Api.at(base).newCustomer();
        owner = operator;
        Map<String, Api> refused = new LinkedHashMap<>();
        refused.put(
                "operator token without MACHINES_CRUD",
                Api.at(base).withToken(token(List.of("CUSTOMERS_CREATE"), null)));
        refused.put("customer token with every customer right", customer.api());
        owner = customer.api();
        refused.put("customer token with no right", Api.at(base).withToken(token(List.of(), null)));

        Map<String, Operation> operations = OpenApiOperations.served(Api.at(base)).stream()
                .filter(o -> o.path().startsWith(MACHINES))
                .collect(Collectors.toMap(Operation::key, o -> o));
        assertEquals(
                Set.of("GET " + MACHINES, "POST " + MACHINES + "/create", "POST " + MACHINES + "/delete"),
                operations.keySet(),
                "the machine operations of the document");
        long existing = registered(operator, customer.username());
        for (Map.Entry<String, Api> token : refused.entrySet()) {
            String with = " (" + token.getKey() + ")";
            Call listed = sweep.call(token.getValue(), operations.get("GET " + MACHINES), Map.of());
            sweep.expect(listed.status() == 200, "listing needs a valid token only" + with + ": " + listed);
            String before = machines(operator);
            Call create = sweep.call(
                    token.getValue(), operations.get("POST " + MACHINES + "/create"), machine(customer.username()));
            Call delete = sweep.call(
                    token.getValue(),
                    operations.get("POST " + MACHINES + "/delete"),
                    Map.of("id", Json.createValue(existing)));
            for (Call call : List.of(create, delete)) {
                sweep.expect(
                        call.status() == 403
                                && call.errorCodes().equals(List.of(4030))
                                && call.answer().body().contains("MACHINES_CRUD"),
                        "403 naming MACHINES_CRUD expected" + with + ": " + call);
            }
            sweep.expect(before.equals(machines(operator)), "a refused call changed the inventory" + with);
        }
        Call created =
                sweep.call(operator, operations.get("POST " + MACHINES + "/create"), machine(customer.username()));
        sweep.expect(created.status() == 201, "the operator registers: " + created);
        Call deleted = sweep.call(
                operator, operations.get("POST " + MACHINES + "/delete"), Map.of("id", Json.createValue(existing)));
        sweep.expect(deleted.status() == 200, "the operator removes: " + deleted);
        sweep.assertNoProblems("machine rights");
    }

    private static Map<String, JsonValue> machine(String customer) {
        int n = ThreadLocalRandom.current().nextInt(1 << 24);
        return Map.of(
                "customer", Json.createValue(customer),
                "mac_address",
                        Json.createValue(String.format(
                                "02:7e:%02x:%02x:%02x:%02x",
                                n >> 16,
                                (n >> 8) & 255,
                                n & 255,
                                ThreadLocalRandom.current().nextInt(256))),
                "addresses",
                        Json.createArrayBuilder()
                                .add("10.77." + (n >> 8 & 255) + "." + (n & 255))
                                .build());
    }

    private long registered(Api operator, String customer) {
        Api.Response created = operator.json(
                "POST",
                MACHINES + "/create",
                Json.createObjectBuilder(machine(customer)).build());
        assertEquals(201, created.status(), created.body());
        return created.data().getJsonObject("machine").getJsonNumber("id").longValue();
    }

    private static String machines(Api operator) {
        Api.Response listed = operator.get(MACHINES);
        assertEquals(200, listed.status(), listed.body());
        return listed.data().toString();
    }

    /**
     * Failed authentications count per address (20 a minute, then 429): the deactivated token
     * calls through the address Arquillian reports, the expired one through 127.0.0.1.
     */
    @Test
    void deactivatedAndExpiredTokensAreRefusedEverywhere() throws Exception {
        Api.Customer a = Api.at(base).newCustomer();
        owner = a.api();
        zone = newZone();
        URL loopback = new URL("http", "127.0.0.1", base.getPort(), "/");
        assertNotEquals(
                "127.0.0.1", base.getHost(), "two client addresses keep each under the failed-authentication limit");

        Api.Response issued = owner.json(
                "POST",
                "/api/v1/account/users/tokens/create",
                Json.createObjectBuilder()
                        .add("rights", Json.createArrayBuilder().add(LIST).add(CRUD))
                        .build());
        assertEquals(201, issued.status(), issued.body());
        Api deactivated =
                Api.at(base).withToken(issued.data().getJsonObject("token").getString("token"));
        assertEquals(200, deactivated.get(ZONES).status(), "works until deactivated");
        Api.Response off = owner.json(
                "POST",
                "/api/v1/account/users/tokens/"
                        + issued.data()
                                .getJsonObject("token")
                                .getJsonNumber("id")
                                .longValue() + "/deactivate",
                Json.createObjectBuilder().build());
        assertEquals(200, off.status(), off.body());

        JsonObject expiring = issue(List.of(LIST, CRUD), "2099-01-01 00:00:00");
        Api expired = Api.at(loopback).withToken(expiring.getString("token"));
        assertEquals(200, expired.get(ZONES).status(), "works until it expires");
        long id = expiring.getJsonNumber("id").longValue();
        assertEquals(1, Database.update("UPDATE api_tokens SET valid_until = '2020-01-01 00:00:00' WHERE id = ?", id));
        // changed behind the service's back: seen once the token is read again (TOKEN_CACHE_MILLIS);
        // asked as a third address, whose failed authentication does not count against the sweep's
        assertEquals(
                401,
                expired.getUntil(ZONES, Map.of("X-Forwarded-For", "198.51.100.77"), 401)
                        .status(),
                "expired in the database");

        List<Operation> operations = dnsOperations();
        for (Map.Entry<String, Api> token :
                Map.of("deactivated", deactivated, "expired", expired).entrySet()) {
            for (Operation operation : operations) {
                Map<String, JsonValue> parameters = prepare(operation);
                String before = state();
                Call call = sweep.call(token.getValue(), operation, parameters);
                sweep.expect(
                        call.status() == 401 && call.errorCodes().equals(List.of(4011)),
                        "401 TOKEN_INVALID expected for a " + token.getKey() + " token: " + call);
                sweep.expect(before.equals(state()), "a refused call changed the account's zones: " + call);
            }
        }
        System.out.println("RightsSweepIT: deactivated and expired tokens on " + operations.size() + " DNS operations");
        sweep.assertNoProblems("deactivated and expired tokens");
    }

    /** The DNS operations of the served OpenAPI document; each must have its right in RIGHT_OF. */
    private List<Operation> dnsOperations() {
        List<Operation> operations = OpenApiOperations.served(Api.at(base)).stream()
                .filter(o -> o.path().startsWith("/api/v1/dns/"))
                .toList();
        assertTrue(operations.size() >= 12, "the eleven of the spec and export: " + operations);
        List<String> unknown = operations.stream()
                .map(Operation::key)
                .filter(k -> !RIGHT_OF.containsKey(k))
                .toList();
        assertEquals(List.of(), unknown, "DNS operations without a right in the sweep's table");
        Set<String> served = operations.stream().map(Operation::key).collect(Collectors.toSet());
        assertEquals(
                Set.of(),
                RIGHT_OF.keySet().stream().filter(k -> !served.contains(k)).collect(Collectors.toSet()),
                "operations of the table that /openapi does not list");
        return operations;
    }

    /** Valid parameters for {@code operation} on the account's zone, with what it needs set up by the owner first. */
    private Map<String, JsonValue> prepare(Operation operation) {
        String path = operation.path().substring(ZONES.length());
        Map<String, JsonValue> parameters = new LinkedHashMap<>();
        Function<String, JsonValue> str = Json::createValue;
        switch (operation.method() + " " + path) {
            case "GET ", "GET /statistics" -> {}
            case "GET /show", "GET /export", "POST /refresh", "GET /history" -> parameters.put("zone", str.apply(zone));
            case "GET /dnssec", "POST /dnssec/enable", "POST /dnssec/disable", "GET /status" ->
                parameters.put("zone", str.apply(zone));
            case "POST /import" -> {
                parameters.put("zone", str.apply(Sweep.unique("ri") + ".example"));
                parameters.put("file", str.apply("$TTL 300\nwww IN A 192.0.2.1\n"));
            }
            case "POST /restore" -> {
                Api.Response history = owner.get(ZONES + "/history?zone=" + zone);
                ok(history);
                parameters.put("zone", str.apply(zone));
                parameters.put(
                        "entry",
                        history.data().getJsonArray("history").getJsonObject(0).get("id"));
            }
            case "POST /create" -> parameters.put("name", str.apply(Sweep.unique("rc") + ".example"));
            case "PUT /update" -> {
                parameters.put("zone", str.apply(zone));
                parameters.put(
                        "ttl", Json.createValue(ThreadLocalRandom.current().nextInt(60, 604800)));
            }
            case "DELETE /delete" -> {
                parameters.put("zone", str.apply(newZone()));
                parameters.put("forceDelete", JsonValue.TRUE);
            }
            case "POST /records/add" -> {
                parameters.put("zone", str.apply(zone));
                parameters.put(
                        "records",
                        Json.createArrayBuilder()
                                .add(record(Sweep.unique("add")))
                                .build());
            }
            case "POST /rrsets/change" -> {
                parameters.put("zone", str.apply(zone));
                parameters.put(
                        "changes",
                        Json.createArrayBuilder()
                                .add(Json.createObjectBuilder()
                                        .add("name", Sweep.unique("rr"))
                                        .add("type", "A")
                                        .add(
                                                "records",
                                                Json.createArrayBuilder().add("192.0.2.6")))
                                .build());
            }
            case "DELETE /records/delete" -> {
                String name = Sweep.unique("del");
                ok(owner.json(
                        "POST",
                        ZONES + "/records/add",
                        Json.createObjectBuilder()
                                .add("zone", zone)
                                .add("records", Json.createArrayBuilder().add(record(name)))
                                .build()));
                parameters.put("zone", str.apply(zone));
                parameters.put(
                        "records",
                        Json.createArrayBuilder()
                                .add(Json.createObjectBuilder().add("name", name))
                                .build());
            }
            case "POST /{zone}/assignDomain" -> {
                parameters.put("zone", str.apply(zone));
                parameters.put("domainName", str.apply(Sweep.unique("ra") + ".example"));
            }
            case "POST /{zone}/dissociateDomain" -> {
                String domain = Sweep.unique("rd") + ".example";
                ok(owner.json(
                        "POST",
                        ZONES + "/" + zone + "/assignDomain",
                        Json.createObjectBuilder().add("domainName", domain).build()));
                parameters.put("zone", str.apply(zone));
                parameters.put("domainName", str.apply(domain));
            }
            default -> throw new AssertionError("the sweep cannot call " + operation + " yet: add its parameters");
        }
        return parameters;
    }

    /** Every zone of the account with its records and domains, and the statistics, as the owner sees them. */
    private String state() {
        Api.Response zones = owner.get(ZONES);
        Api.Response statistics = owner.get(ZONES + "/statistics");
        assertEquals(200, zones.status(), zones.body());
        return zones.data().toString() + statistics.data().toString();
    }

    private String newZone() {
        String name = Sweep.unique("rz") + ".example";
        ok(owner.json(
                "POST",
                ZONES + "/create",
                Json.createObjectBuilder()
                        .add("name", name)
                        .add("records", Json.createArrayBuilder().add(record("www")))
                        .build()));
        return name;
    }

    private String token(List<String> rights, String validUntil) {
        return issue(rights, validUntil).getString("token");
    }

    private JsonObject issue(List<String> rights, String validUntil) {
        JsonArrayBuilder array = Json.createArrayBuilder();
        rights.forEach(array::add);
        var body = Json.createObjectBuilder().add("rights", array);
        if (validUntil != null) {
            body.add("valid_until", validUntil);
        }
        Api.Response created = owner.json("POST", "/api/v1/account/users/tokens/create", body.build());
        assertEquals(201, created.status(), created.body());
        JsonArray granted = created.data().getJsonObject("token").getJsonArray("rights");
        assertEquals(
                Set.copyOf(rights),
                granted.getValuesAs(jakarta.json.JsonString.class).stream()
                        .map(jakarta.json.JsonString::getString)
                        .collect(Collectors.toSet()),
                "the token holds exactly the rights asked for");
        return created.data().getJsonObject("token");
    }

    private static JsonObject record(String name) {
        return Json.createObjectBuilder()
                .add("name", name)
                .add("type", "A")
                .add("data", "192.0.2.5")
                .build();
    }

    private static void ok(Api.Response response) {
        assertTrue(response.status() == 200 || response.status() == 201, response.toString());
    }
}
