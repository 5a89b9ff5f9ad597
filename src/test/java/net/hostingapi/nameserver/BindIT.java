package net.hostingapi.nameserver;

import static net.hostingapi.zones.ZonesIT.record;
import static net.hostingapi.zones.ZonesIT.records;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.function.Supplier;
import net.hostingapi.support.Api;
import net.hostingapi.support.Deployments;
import net.hostingapi.support.MariaDbExtension;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.xbill.DNS.DClass;
import org.xbill.DNS.Lookup;
import org.xbill.DNS.Name;
import org.xbill.DNS.Record;
import org.xbill.DNS.SimpleResolver;
import org.xbill.DNS.Type;

/**
 * Zone files served by a real BIND 9 that includes the service's zones.conf and is told of each
 * change by ZONE_RELOAD_COMMAND / ZONE_RECONFIG_COMMAND (rndc): what an operator's named answers
 * after each operation, the files' modes, and a failing reload command seen in refresh and /health.
 * Run by the build's "bind" failsafe execution, which sets those variables.
 */
@ExtendWith(MariaDbExtension.class)
@ExtendWith(BindExtension.class)
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class BindIT {

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.service();
    }

    @ArquillianResource
    URL base;

    Api api;

    @BeforeAll
    static void runByTheBindExecution() {
        assertNotNull(
                System.getenv("ZONE_RELOAD_COMMAND"),
                "BindIT runs in the build's \"bind\" failsafe execution, which sets ZONE_RELOAD_COMMAND");
    }

    @BeforeEach
    void newCustomer() {
        api = Api.at(base).newCustomer().api();
    }

    @Test
    void everyOperationIsAnsweredByNamed() throws Exception {
        String name = zoneName();
        Api.Response created = api.json(
                "POST",
                "/api/v1/dns/zones/create",
                Json.createObjectBuilder()
                        .add("name", name)
                        .add(
                                "records",
                                records(record("www", "A", "192.0.2.1", null), record("@", "TXT", "hello world", null)))
                        .build());
        assertEquals(201, created.status(), created.body());
        await(() -> answers("www." + name, Type.A).equals(Set.of("192.0.2.1")), "a new zone is served");

        Path zoneFile = zoneDirectory().resolve(name + ".zone");
        Path include = zoneDirectory().resolve("zones.conf");
        assertEquals(
                "rw-r-----", PosixFilePermissions.toString(Files.getPosixFilePermissions(zoneFile)), "zone file mode");
        assertEquals(
                "rw-r-----", PosixFilePermissions.toString(Files.getPosixFilePermissions(include)), "zones.conf mode");
        assertTrue(
                Files.readString(include)
                        .contains(
                                // then its secondaries' statements (TransfersBindIT)
                                "zone \"" + name + "\" { type primary; file \"" + zoneFile.toAbsolutePath() + "\";"),
                Files.readString(include));

        assertEquals(
                200,
                api.json(
                                "POST",
                                "/api/v1/dns/zones/records/add",
                                Json.createObjectBuilder()
                                        .add("zone", name)
                                        .add("records", records(record("mail", "A", "192.0.2.2", null)))
                                        .build())
                        .status());
        await(() -> answers("mail." + name, Type.A).equals(Set.of("192.0.2.2")), "an added record is served");

        assertEquals(
                200,
                api.json(
                                "DELETE",
                                "/api/v1/dns/zones/records/delete",
                                Json.createObjectBuilder()
                                        .add("zone", name)
                                        .add(
                                                "records",
                                                Json.createArrayBuilder()
                                                        .add(Json.createObjectBuilder()
                                                                .add("name", "www")
                                                                .add("type", "A")))
                                        .build())
                        .status());
        await(() -> rcode("www." + name, Type.A) == Lookup.HOST_NOT_FOUND, "a deleted record is gone");

        String domain = "d-" + name;
        assertEquals(
                200,
                api.json(
                                "POST",
                                "/api/v1/dns/zones/" + name + "/assignDomain",
                                Json.createObjectBuilder()
                                        .add("domainName", domain)
                                        .build())
                        .status());
        await(() -> answers("mail." + domain, Type.A).equals(Set.of("192.0.2.2")), "an assigned domain is served");

        assertEquals(
                200,
                api.json(
                                "POST",
                                "/api/v1/dns/zones/" + name + "/dissociateDomain",
                                Json.createObjectBuilder()
                                        .add("domainName", domain)
                                        .build())
                        .status());
        await(() -> answers(domain, Type.SOA).isEmpty(), "a dissociated domain is no longer served");
        assertTrue(Files.notExists(zoneDirectory().resolve(domain + ".zone")));
        assertTrue(!Files.readString(include).contains("\"" + domain + "\""), Files.readString(include));

        assertEquals(
                200,
                api.json(
                                "DELETE",
                                "/api/v1/dns/zones/delete",
                                Json.createObjectBuilder().add("zone", name).build())
                        .status());
        await(() -> answers(name, Type.SOA).isEmpty(), "a deleted zone is no longer served");
        assertTrue(!Files.readString(include).contains("\"" + name + "\""), Files.readString(include));
    }

    @Test
    void aFailingReloadIsAnUnavailableNameserverUntilItIsBack() throws Exception {
        String name = zoneName();
        assertEquals(
                201,
                api.json(
                                "POST",
                                "/api/v1/dns/zones/create",
                                Json.createObjectBuilder()
                                        .add("name", name)
                                        .add("records", records(record("www", "A", "192.0.2.1", null)))
                                        .build())
                        .status());
        await(() -> answers("www." + name, Type.A).equals(Set.of("192.0.2.1")), "the zone is served");
        assertEquals(200, Api.at(base).get("/health").status());

        BindServer named = BindExtension.server();
        named.stop();
        try {
            Api.Response added = api.json(
                    "POST",
                    "/api/v1/dns/zones/records/add",
                    Json.createObjectBuilder()
                            .add("zone", name)
                            .add("records", records(record("late", "A", "192.0.2.3", null)))
                            .build());
            assertEquals(200, added.status(), "the API does not wait for the nameserver: " + added.body());
            Api.Response refresh = api.json(
                    "POST",
                    "/api/v1/dns/zones/refresh",
                    Json.createObjectBuilder().add("zone", name).build());
            assertEquals(503, refresh.status(), "rndc cannot reach named: " + refresh.body());
            assertTrue(Integer.parseInt(refresh.header("Retry-After")) > 0);
            Api.Response health = Api.at(base).get("/health");
            assertEquals(503, health.status(), health.body());
            assertTrue(health.body().matches("(?s).*\"nameserver\".*?\"DOWN\".*"), health.body());
        } finally {
            named.start();
        }
        await(() -> Api.at(base).get("/health").status() == 200, "/health is UP again once named is back");
        await(() -> answers("late." + name, Type.A).equals(Set.of("192.0.2.3")), "the change made meanwhile is served");
        Api.Response refresh = api.json(
                "POST",
                "/api/v1/dns/zones/refresh",
                Json.createObjectBuilder().add("zone", name).build());
        assertEquals(200, refresh.status(), refresh.body());
    }

    /**
     * named frozen (SIGSTOP): rndc hangs, is killed after ZONE_COMMAND_TIMEOUT_SECONDS (3 in the
     * build) and counts as a failure. Thawed, named still serves the old zone until the service's
     * retries reload it: the change arrives without any further request.
     */
    @Test
    void aHangingReloadIsKilledAndTheChangeIsReloadedOnceNamedAnswers() throws Exception {
        String name = zoneName();
        assertEquals(
                201,
                api.json(
                                "POST",
                                "/api/v1/dns/zones/create",
                                Json.createObjectBuilder()
                                        .add("name", name)
                                        .add("records", records(record("www", "A", "192.0.2.1", null)))
                                        .build())
                        .status());
        await(() -> answers("www." + name, Type.A).equals(Set.of("192.0.2.1")), "the zone is served");

        BindServer named = BindExtension.server();
        named.freeze();
        try {
            Api.Response changed = api.json(
                    "PUT",
                    "/api/v1/dns/zones/update",
                    Json.createObjectBuilder()
                            .add("zone", name)
                            .add("records", records(record("www", "A", "192.0.2.7", null)))
                            .build());
            assertEquals(200, changed.status(), changed.body());
            Api.Response refresh = api.json(
                    "POST",
                    "/api/v1/dns/zones/refresh",
                    Json.createObjectBuilder().add("zone", name).build());
            assertEquals(503, refresh.status(), "rndc gets no answer and is killed: " + refresh.body());
            assertEquals(503, Api.at(base).get("/health").status());
        } finally {
            named.thaw();
        }
        await(
                () -> answers("www." + name, Type.A).equals(Set.of("192.0.2.7")),
                "the change is reloaded once named answers");
        await(() -> Api.at(base).get("/health").status() == 200, "/health is UP again");
    }

    // ---- what named answers

    private static Path zoneDirectory() {
        return BindExtension.server().zoneDirectory();
    }

    private static Set<String> answers(String name, int type) {
        Lookup lookup = lookup(name, type);
        Record[] records = lookup == null ? null : lookup.run();
        Set<String> answers = new TreeSet<>();
        if (records != null) {
            for (Record r : records) {
                answers.add(r.rdataToString());
            }
        }
        return answers;
    }

    private static int rcode(String name, int type) {
        Lookup lookup = lookup(name, type);
        if (lookup == null) {
            return Lookup.UNRECOVERABLE;
        }
        lookup.run();
        return lookup.getResult();
    }

    private static Lookup lookup(String name, int type) {
        try {
            SimpleResolver resolver = new SimpleResolver("127.0.0.1");
            resolver.setPort(BindExtension.server().dnsPort());
            resolver.setTimeout(Duration.ofSeconds(2));
            Lookup lookup = new Lookup(Name.fromString(name + "."), type, DClass.IN);
            lookup.setResolver(resolver);
            lookup.setCache(null);
            return lookup;
        } catch (Exception e) {
            return null;
        }
    }

    private static void await(Supplier<Boolean> condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() < deadline) {
            if (condition.get()) {
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("Not within 30 s: " + what);
    }

    private static String zoneName() {
        return "b" + UUID.randomUUID().toString().replace("-", "").substring(0, 12) + ".example";
    }
}
