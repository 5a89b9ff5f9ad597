package net.hostingapi.zones;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;
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
 * No account can serve another's names: zone names and assigned domains may not equal, lie below
 * or lie above a name of another account (409, the same answer as any taken name), nor be a
 * public suffix (422); within one account names may nest. Race-free under parallel claims.
 */
@ServiceTest
@RunAsClient
class NameOwnershipIT {

    private static final String CREATE = "/api/v1/dns/zones/create";

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.service();
    }

    @ArquillianResource
    URL base;

    Api attacker;
    Api victim;
    String victimZone;

    @BeforeEach
    void twoAccounts() {
        victim = Api.at(base).newCustomer().api();
        attacker = Api.at(base).newCustomer().api();
        victimZone = unique("b") + ".example";
        assertEquals(201, create(victim, victimZone).status());
    }

    @Test
    void aZoneBelowAnotherAccountsZoneIsTakenLikeAnyTakenName() {
        Api.Response plainlyTaken = create(attacker, victimZone);
        Api.Response below = create(attacker, "shop." + victimZone);
        Api.Response deepBelow = create(attacker, "a.b.shop." + victimZone);

        assertTaken(plainlyTaken);
        assertTaken(below);
        assertTaken(deepBelow);
        assertEquals(message(plainlyTaken), message(below), "the same answer as a taken name: nothing says whose");
        assertEquals(
                404,
                attacker.get("/api/v1/dns/zones/show?zone=shop." + victimZone).status(),
                "nothing was stored");
        assertFalse(Files.exists(zoneFile("shop." + victimZone)), "nothing was published");
    }

    @Test
    void aDomainBelowAnotherAccountsZoneCannotBeAssigned() {
        String own = unique("a") + ".example";
        assertEquals(201, create(attacker, own).status());

        Api.Response www = assign(attacker, own, "www." + victimZone);
        Api.Response same = assign(attacker, own, victimZone);

        assertTaken(www);
        assertTaken(same);
        assertEquals(message(same), message(www));
        assertTrue(attacker.get("/api/v1/dns/zones/show?zone=" + own)
                .data()
                .getJsonObject("zone")
                .getJsonArray("domains")
                .isEmpty());
        assertFalse(Files.exists(zoneFile("www." + victimZone)), "nothing was published");
    }

    @Test
    void aNameAboveAnotherAccountsNameIsTaken() {
        String parent = unique("p") + ".example";
        assertEquals(201, create(victim, "deep.below." + parent).status());
        String own = unique("a") + ".example";
        assertEquals(201, create(attacker, own).status());

        assertTaken(create(attacker, parent));
        assertTaken(create(attacker, "below." + parent));
        assertTaken(assign(attacker, own, parent));
        assertEquals(
                201,
                create(attacker, "sibling." + parent).status(),
                "a sibling of another's name is not above or below it");
    }

    @Test
    void anotherAccountsAssignedDomainCountsLikeItsZones() {
        String domain = unique("d") + ".example";
        assertEquals(200, assign(victim, victimZone, domain).status());
        String own = unique("a") + ".example";
        assertEquals(201, create(attacker, own).status());

        assertTaken(create(attacker, domain));
        assertTaken(create(attacker, "shop." + domain));
        assertTaken(assign(attacker, own, "www." + domain));
    }

    @Test
    void namesNestWithinOneAccount() {
        assertEquals(201, create(victim, "shop." + victimZone).status());
        String other = unique("o") + ".example";
        assertEquals(201, create(victim, other).status());
        assertEquals(200, assign(victim, other, "www." + victimZone).status());
        String parent = unique("p") + ".example";
        assertEquals(201, create(victim, "a." + parent).status());
        assertEquals(201, create(victim, parent).status(), "above one's own name");
    }

    @Test
    void publicSuffixesAreNobodys() {
        for (String suffix : List.of("co.uk", "github.io", "CO.UK.", "blogspot.com")) {
            Api.Response refused = create(attacker, suffix);
            assertEquals(422, refused.status(), suffix + ": " + refused.body());
            assertEquals(List.of("name"), refused.errorFields());
        }
        String own = unique("a") + ".example";
        assertEquals(201, create(attacker, own).status());
        Api.Response domain = assign(attacker, own, "github.io");
        assertEquals(422, domain.status(), domain.body());
        assertEquals(List.of("domainName"), domain.errorFields());

        assertEquals(
                201,
                create(attacker, unique("u") + ".test").status(),
                "a suffix the list does not know is no public suffix");
        assertEquals(201, create(attacker, unique("r") + ".co.uk").status(), "a name registered under a public suffix");
        assertEquals(201, create(attacker, unique("g") + ".github.io").status());
    }

    @Test
    void recordsCannotExtendIntoAnotherAccountsNameFromBeforeTheRule() {
        // Data from before the rule: the victim's zone holds a name below the attacker's zone.
        String own = unique("l") + ".example";
        assertEquals(201, create(attacker, own).status());
        assertEquals(201, create(attacker, "shop." + own).status());
        long victimAccount =
                ((Number) Database.value("SELECT account_id FROM zones WHERE name = ?", victimZone)).longValue();
        assertEquals(
                1, Database.update("UPDATE zones SET account_id = ? WHERE name = ?", victimAccount, "shop." + own));

        Api.Response add = attacker.json(
                "POST",
                "/api/v1/dns/zones/records/add",
                Json.createObjectBuilder()
                        .add("zone", own)
                        .add("records", Json.createArrayBuilder().add(record("www.shop", "A", "192.0.2.7")))
                        .build());
        assertTaken(add);
        Api.Response update = attacker.json(
                "PUT",
                "/api/v1/dns/zones/update",
                Json.createObjectBuilder()
                        .add("zone", own)
                        .add(
                                "records",
                                Json.createArrayBuilder()
                                        .add(record("www", "A", "192.0.2.8"))
                                        .add(record("*.x.shop", "A", "192.0.2.9")))
                        .build());
        assertTaken(update);
        assertTrue(
                attacker.get("/api/v1/dns/zones/show?zone=" + own)
                        .data()
                        .getJsonObject("zone")
                        .getJsonArray("records")
                        .isEmpty(),
                "nothing of either request was stored");

        Api.Response elsewhere = attacker.json(
                "POST",
                "/api/v1/dns/zones/records/add",
                Json.createObjectBuilder()
                        .add("zone", own)
                        .add("records", Json.createArrayBuilder().add(record("www.shopping", "A", "192.0.2.7")))
                        .build());
        assertEquals(200, elsewhere.status(), elsewhere.body());
    }

    /** Two accounts claiming x.example and a.x.example at once: exactly one of them wins, every time. */
    @Test
    void parallelClaimsAboveAndBelowCannotBothWin() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            for (int round = 0; round < 12; round++) {
                String parent = unique("race" + round) + ".example";
                String holder = unique("h") + ".example";
                assertEquals(201, create(victim, holder).status());
                List<Supplier<Api.Response>> pair = switch (round % 3) {
                    case 0 -> List.of(() -> create(attacker, parent), () -> create(victim, "a." + parent));
                    case 1 -> List.of(() -> create(attacker, "a." + parent), () -> assign(victim, holder, parent));
                    default -> List.of(() -> create(attacker, parent), () -> assign(victim, holder, "www.a." + parent));
                };
                CyclicBarrier start = new CyclicBarrier(2);
                List<Future<Api.Response>> answers = new ArrayList<>();
                for (Supplier<Api.Response> claim : pair) {
                    answers.add(pool.submit(() -> {
                        start.await();
                        return claim.get();
                    }));
                }
                List<Integer> statuses = new ArrayList<>();
                for (Future<Api.Response> answer : answers) {
                    statuses.add(answer.get().status());
                }
                long won = statuses.stream().filter(s -> s == 200 || s == 201).count();
                assertEquals(1, won, "round " + round + ": " + statuses);
                assertTrue(statuses.contains(409), "round " + round + ": " + statuses);
                long stored = Database.count(
                                "SELECT COUNT(*) FROM zones WHERE name = ? OR name LIKE ?", parent, "%." + parent)
                        + Database.count(
                                "SELECT COUNT(*) FROM zone_domains WHERE name = ? OR name LIKE ?",
                                parent,
                                "%." + parent);
                assertEquals(1, stored, "round " + round + ": one name stored");
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private static void assertTaken(Api.Response response) {
        assertEquals(409, response.status(), response.body());
        assertEquals(List.of(4091), response.errorCodes(), response.body());
        assertFalse(response.body().contains("account") || response.body().contains("user"), response.body());
    }

    private static String message(Api.Response response) {
        return response.envelope()
                .getJsonObject("messages")
                .getJsonArray("errors")
                .getJsonObject(0)
                .getString("message");
    }

    private static Api.Response create(Api api, String name) {
        return api.json(
                "POST", CREATE, Json.createObjectBuilder().add("name", name).build());
    }

    private static Api.Response assign(Api api, String zone, String domain) {
        return api.json(
                "POST",
                "/api/v1/dns/zones/" + zone + "/assignDomain",
                Json.createObjectBuilder().add("domainName", domain).build());
    }

    private static JsonObject record(String name, String type, String data) {
        return Json.createObjectBuilder()
                .add("name", name)
                .add("type", type)
                .add("data", data)
                .build();
    }

    private static Path zoneFile(String name) {
        return Path.of(System.getProperty("test.data.dir", "target/test-data"), "zones", name + ".zone");
    }

    private static String unique(String prefix) {
        return prefix + UUID.randomUUID().toString().replace("-", "").substring(0, 10);
    }
}
