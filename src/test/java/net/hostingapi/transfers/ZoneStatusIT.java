package net.hostingapi.transfers;

import static net.hostingapi.zones.ZonesIT.record;
import static net.hostingapi.zones.ZonesIT.records;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.net.URL;
import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.function.Predicate;
import java.util.function.Supplier;
import net.hostingapi.nameserver.BindExtension;
import net.hostingapi.support.Api;
import net.hostingapi.support.Deployments;
import net.hostingapi.support.DnsTestZone;
import net.hostingapi.support.FleetSecondary;
import net.hostingapi.support.MariaDbExtension;
import net.hostingapi.support.SecondaryServer;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The change status (GET dns/zones/status) against real nameservers: the service publishes to a
 * real BIND (the build's "bind" execution), which notifies and transfers to the zone's own BIND
 * secondary (127.0.0.2) and to the operator's fleet (SECONDARY_NAMESERVERS, 127.0.0.3: a BIND
 * that follows the catalog zone, {@link FleetSecondary}); the status says what each of them
 * answers over DNS. Status and secondaries are asked alternately: the status never says a
 * secondary, or the zone, is in sync before the secondaries asked after it answer the new serial.
 * A secondary stopped with SIGSTOP is behind, the zone with it, and the answer still comes at once.
 */
@ExtendWith(MariaDbExtension.class)
@ExtendWith(BindExtension.class)
@ExtendWith(FleetSecondary.class)
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class ZoneStatusIT {

    private static final String ZONES = "/api/v1/dns/zones";
    private static final Duration TRANSFER_WITHIN = Duration.ofSeconds(60);

    private static SecondaryServer secondary;
    private static String primaryLabel;
    private static String secondaryLabel;
    private static String fleetLabel;

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.service();
    }

    @ArquillianResource
    URL base;

    private Api owner;

    @BeforeAll
    static void startTheSecondary() {
        assertNotNull(
                System.getenv("ZONE_RELOAD_COMMAND"),
                "ZoneStatusIT runs in the build's \"bind\" failsafe execution, which sets ZONE_RELOAD_COMMAND");
        int primaryPort = Integer.parseInt(System.getProperty("test.bind.dns.port"));
        int secondaryPort = Integer.parseInt(System.getProperty("test.secondary.bind.port"));
        secondary = SecondaryServer.bind("127.0.0.2", secondaryPort, "127.0.0.1", primaryPort);
        secondary.start();
        primaryLabel = "127.0.0.1#" + primaryPort;
        secondaryLabel = "127.0.0.2#" + secondaryPort;
        fleetLabel = FleetSecondary.server().address() + "#"
                + FleetSecondary.server().port();
    }

    @AfterAll
    static void stopTheSecondary() {
        if (secondary != null) {
            secondary.stop();
        }
    }

    @BeforeEach
    void newCustomer() {
        owner = Api.at(base).newCustomer().api();
    }

    /** A zone of the owner with the secondary as its own (its transfers signed with a key of the account), followed by it. */
    private String zoneWithTheSecondary() {
        JsonObject tsig =
                DnsTestZone.newKeyToken(owner, Json.createObjectBuilder()).getJsonObject("tsig");
        String zone = "zs" + UUID.randomUUID().toString().replace("-", "").substring(0, 12) + ".example";
        Api.Response created = owner.json(
                "POST",
                ZONES + "/create",
                Json.createObjectBuilder()
                        .add("name", zone)
                        .add("records", records(record("www", "A", "192.0.2.1", null)))
                        .add(
                                "secondaries",
                                Json.createArrayBuilder()
                                        .add(Json.createObjectBuilder()
                                                .add("address", secondary.address())
                                                .add("port", secondary.port())
                                                .add("key", tsig.getString("name"))))
                        .build());
        assertEquals(201, created.status(), created.body());
        secondary.follow(zone, SecondaryServer.Key.of(tsig));
        return zone;
    }

    /** The status, checked for what holds of every answer: the servers in order, each flag what its serial says. */
    private JsonObject status(String zone) {
        Api.Response answer = owner.get(ZONES + "/status?zone=" + zone);
        assertEquals(200, answer.status(), answer.body());
        JsonObject status = answer.data().getJsonObject("status");
        assertEquals(zone, status.getString("zone"));
        long stored = Long.parseLong(status.getString("serial"));
        List<JsonObject> servers = status.getJsonArray("servers").getValuesAs(JsonObject.class);
        // the primary, the fleet, then the zone's own secondary where it has one
        List<String> labels = List.of(primaryLabel, fleetLabel, secondaryLabel);
        List<String> roles = List.of("primary", "fleet", "secondary");
        assertTrue(servers.size() == 2 || servers.size() == 3, status.toString());
        assertEquals(
                labels.subList(0, servers.size()),
                servers.stream().map(s -> s.getString("server")).toList(),
                status.toString());
        assertEquals(
                roles.subList(0, servers.size()),
                servers.stream().map(s -> s.getString("role")).toList());
        boolean all = true;
        for (JsonObject server : servers) {
            boolean caughtUp = !server.isNull("serial") && Long.parseLong(server.getString("serial")) >= stored;
            assertEquals(caughtUp, server.getBoolean("in_sync"), server.toString());
            assertEquals(
                    server.isNull("serial"),
                    !server.isNull("error") && !server.getString("error").isBlank(),
                    "an error exactly when there is no serial: " + server);
            all &= caughtUp;
        }
        assertEquals(all, status.getBoolean("in_sync"), "the zone is in sync when every server is: " + status);
        return status;
    }

    private JsonObject server(JsonObject status, String label) {
        return status.getJsonArray("servers").getValuesAs(JsonObject.class).stream()
                .filter(s -> s.getString("server").equals(label))
                .findFirst()
                .orElseThrow(() -> new AssertionError(label + " not in " + status));
    }

    /**
     * Polls the status and then the secondaries, alternately, until the status says the zone is in
     * sync with {@code serial}: whenever it says a secondary (or the zone, and so each of them) is,
     * that secondary asked after it answers that serial or a later one; while a secondary asked
     * after it answers an older one, it said not.
     */
    private JsonObject untilInSync(String zone, long serial) {
        long deadline = System.nanoTime() + TRANSFER_WITHIN.toNanos();
        int behind = 0;
        while (System.nanoTime() < deadline) {
            JsonObject status = status(zone);
            assertEquals(Long.toString(serial), status.getString("serial"), "the stored serial, as the write answered");
            for (SecondaryServer follower : List.of(secondary, FleetSecondary.server())) {
                String label = follower.address() + "#" + follower.port();
                boolean saysInSync = server(status, label).getBoolean("in_sync");
                OptionalLong served = follower.soaSerial(zone);
                assertTrue(
                        !saysInSync || (served.isPresent() && served.getAsLong() >= serial),
                        "the status said " + label + " is in sync, asked after it it serves " + served + " < "
                                + serial);
            }
            if (status.getBoolean("in_sync")) {
                System.out.println("[ZoneStatusIT] " + zone + " " + serial + " in sync after " + behind
                        + " answers saying it was behind");
                return status;
            }
            behind++;
            sleep(100);
        }
        throw new AssertionError("the status never said " + zone + " is in sync with " + serial + " within "
                + TRANSFER_WITHIN.toSeconds() + " s; the secondary serves " + secondary.soaSerial(zone)
                + ", the fleet " + FleetSecondary.server().soaSerial(zone) + "; the last status " + status(zone)
                + "\nsecondary: " + secondary.tail() + "\nfleet: "
                + FleetSecondary.server().tail());
    }

    /** Polls the status until {@code done} holds of it. */
    private JsonObject until(String zone, Predicate<JsonObject> done, String what) {
        long deadline = System.nanoTime() + TRANSFER_WITHIN.toNanos();
        JsonObject status = null;
        while (System.nanoTime() < deadline) {
            status = status(zone);
            if (done.test(status)) {
                return status;
            }
            sleep(100);
        }
        throw new AssertionError(what + " within " + TRANSFER_WITHIN.toSeconds() + " s; the last status " + status);
    }

    private long add(String zone, String name, String address) {
        Api.Response added = owner.json(
                "POST",
                ZONES + "/records/add",
                Json.createObjectBuilder()
                        .add("zone", zone)
                        .add("records", records(record(name, "A", address, null)))
                        .build());
        assertEquals(200, added.status(), added.body());
        return Long.parseLong(added.data().getJsonObject("zone").getString("serial"));
    }

    @Test
    void inSyncOnlyOnceTheSecondariesServeTheSerial() {
        String zone = zoneWithTheSecondary();
        long created = Long.parseLong(owner.get(ZONES + "/show?zone=" + zone)
                .data()
                .getJsonObject("zone")
                .getString("serial"));
        JsonObject status = untilInSync(zone, created);
        servedEverywhere(status, created);

        // A change: the new serial is the stored one at once; in sync only once every server serves it.
        for (int i = 1; i <= 3; i++) {
            long serial = add(zone, "host" + i, "192.0.2." + (10 + i));
            servedEverywhere(untilInSync(zone, serial), serial);
            for (SecondaryServer follower : List.of(secondary, FleetSecondary.server())) {
                assertEquals(
                        List.of("192.0.2." + (10 + i)),
                        follower.query("host" + i + "." + zone, org.xbill.DNS.Type.A).stream()
                                .map(r -> r.rdataToString())
                                .toList(),
                        "in sync: " + follower.address() + " answers the added record");
            }
        }
    }

    /** Each server of an in-sync status answered exactly the stored serial (none of them signs the zone). */
    private void servedEverywhere(JsonObject status, long serial) {
        for (String label : List.of(primaryLabel, fleetLabel, secondaryLabel)) {
            assertEquals(Long.toString(serial), server(status, label).getString("serial"), label + " in " + status);
        }
    }

    @Test
    void aFrozenSecondaryIsBehindAndTheAnswerStillComesAtOnce() {
        String zone = zoneWithTheSecondary();
        long created = Long.parseLong(owner.get(ZONES + "/show?zone=" + zone)
                .data()
                .getJsonObject("zone")
                .getString("serial"));
        untilInSync(zone, created);

        secondary.freeze();
        long serial;
        try {
            serial = add(zone, "frozen", "192.0.2.77");
            // Until its last answer (kept 1.5 s) is too old to reuse, the status shows the serial it
            // served before; then no serial. Behind all along, each answer in the time a status takes.
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            int silent = 0;
            while (silent < 3) {
                assertTrue(System.nanoTime() < deadline, "the frozen secondary's answer was still shown after 10 s");
                long start = System.nanoTime();
                JsonObject status = status(zone);
                long millis = Duration.ofNanos(System.nanoTime() - start).toMillis();
                // the service waits 1.5 s at most; the bound here only tells a hang from an answer
                assertTrue(millis < 5000, "answered within the deadline, not after a hang: " + millis + " ms");
                JsonObject frozen = server(status, secondaryLabel);
                assertFalse(frozen.getBoolean("in_sync"), frozen.toString());
                assertFalse(status.getBoolean("in_sync"), status.toString());
                assertEquals(Long.toString(serial), status.getString("serial"));
                if (frozen.isNull("serial")) {
                    assertTrue(frozen.getString("error").startsWith("no answer"), frozen.toString());
                    silent++;
                } else {
                    assertTrue(Long.parseLong(frozen.getString("serial")) < serial, frozen.toString());
                }
                sleep(300);
            }
        } finally {
            secondary.thaw();
        }
        untilInSync(zone, serial);
        assertEquals(
                List.of("192.0.2.77"),
                secondary.query("frozen." + zone, org.xbill.DNS.Type.A).stream()
                        .map(r -> r.rdataToString())
                        .toList());
    }

    /**
     * Every write answers the zone with its new serial, the one the status then compares against:
     * create, update, records/add and records/delete; and the primary comes to serve each.
     */
    @Test
    void everyWriteAnswersTheSerialTheStatusComparesAgainst() {
        String zone = "zw" + UUID.randomUUID().toString().replace("-", "").substring(0, 12) + ".example";
        Api.Response created = owner.json(
                "POST",
                ZONES + "/create",
                Json.createObjectBuilder().add("name", zone).build());
        assertEquals(201, created.status(), created.body());
        long previous = checkedSerial(zone, created);
        List<Supplier<Api.Response>> writes = List.of(
                () -> owner.json(
                        "PUT",
                        ZONES + "/update",
                        Json.createObjectBuilder()
                                .add("zone", zone)
                                .add("ttl", 7200)
                                .build()),
                () -> owner.json(
                        "POST",
                        ZONES + "/records/add",
                        Json.createObjectBuilder()
                                .add("zone", zone)
                                .add("records", records(record("www", "A", "192.0.2.5", null)))
                                .build()),
                () -> owner.json(
                        "DELETE",
                        ZONES + "/records/delete",
                        Json.createObjectBuilder()
                                .add("zone", zone)
                                .add(
                                        "records",
                                        Json.createArrayBuilder()
                                                .add(Json.createObjectBuilder()
                                                        .add("name", "www")
                                                        .add("type", "A")))
                                .build()));
        // one write at a time: each answer checked before the next write
        for (int i = 0; i < writes.size(); i++) {
            long serial = checkedSerial(zone, writes.get(i).get());
            assertTrue(serial > previous, "write " + i + " raised the serial: " + serial + " after " + previous);
            previous = serial;
        }
    }

    /** The serial a write answered: the one show and status hold right after it, served by the primary soon. */
    private long checkedSerial(String zone, Api.Response write) {
        assertTrue(write.status() == 200 || write.status() == 201, write.body());
        String serial = write.data().getJsonObject("zone").getString("serial");
        assertEquals(
                serial,
                owner.get(ZONES + "/show?zone=" + zone)
                        .data()
                        .getJsonObject("zone")
                        .getString("serial"));
        JsonObject status = status(zone);
        assertEquals(serial, status.getString("serial"));
        until(zone, s -> server(s, primaryLabel).getBoolean("in_sync"), "the primary serves " + serial);
        return Long.parseLong(serial);
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
