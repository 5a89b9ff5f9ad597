package net.hostingapi.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import java.io.UncheckedIOException;
import java.net.URL;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;
import net.hostingapi.support.Api;
import net.hostingapi.support.PowerDnsServer;
import org.xbill.DNS.Record;
import org.xbill.DNS.Type;

/**
 * Two instances of the service on one MariaDB and one PowerDNS, whatever runs them (Payara Micro
 * processes of the run command in {@link ClusterIT}, a Payara Server deployment group's instances
 * in DeploymentGroupIT): failed authentications through one count through the other, a
 * web-forwarding change made through one is answered by the other at once, and 20 writers spread
 * over both for half a minute on 20 zones and one zone they share, instance B killed with kill -9
 * in the middle. Afterwards PowerDNS serves exactly the state the API shows for every zone, no
 * acknowledged write is missing, and no answer was a 5xx. The instances run with {@link
 * #environment}. Figures are printed, not asserted.
 */
final class TwoInstanceScenario {

    private static final int AUTH_FAILURES_PER_MINUTE = 6;
    private static final int WRITERS = 20;
    private static final Duration BURST = Duration.ofSeconds(28);
    private static final Duration KILL_AFTER = Duration.ofSeconds(18);

    /** How the scenario kills instance B (kill -9 of its JVM) while the writers write. */
    @FunctionalInterface
    interface Kill {
        void kill() throws Exception;
    }

    private final URL urlA;
    private final URL urlB;
    private final PowerDnsServer pdns;
    private final String dbUrl;
    private final String label;

    /** {@code dbUrl}: the instances' database, read for the outbox; {@code label}: the printed lines' prefix. */
    TwoInstanceScenario(URL urlA, URL urlB, PowerDnsServer pdns, String dbUrl, String label) {
        this.urlA = urlA;
        this.urlB = urlB;
        this.pdns = pdns;
        this.dbUrl = dbUrl;
        this.label = label;
    }

    /**
     * What both instances run with, beside their database and what is each one's own: the suite's
     * operator, no SMTP, publication to {@code pdns}, and the limits the scenario counts on (failed
     * authentications per address through the test's proxy address, a global limit it never reaches).
     */
    static Map<String, String> environment(PowerDnsServer pdns) {
        return Map.of(
                "BOOTSTRAP_TOKEN", Api.OPERATOR_TOKEN,
                "SMTP_HOST", "",
                "PDNS_API_URL", pdns.apiUrl(),
                "PDNS_API_KEY", PowerDnsServer.API_KEY,
                "PDNS_SERVER_ID", "localhost",
                "PUBLISH_RETRY_MAX_SECONDS", "2",
                "TRUSTED_PROXIES", "127.0.0.1",
                "AUTH_FAILURES_PER_MINUTE", Integer.toString(AUTH_FAILURES_PER_MINUTE),
                "AUTH_FAILURES_PER_MINUTE_GLOBAL", "600");
    }

    /** The whole scenario, as a new customer created through A. */
    void run(Kill killB) throws Exception {
        Api.Customer customer = Api.at(urlA).newCustomer();
        Api[] instances = {
            customer.api(),
            Api.at(urlB).withToken(customer.created().getJsonObject("token").getString("token"))
        };
        failedAuthenticationsCountAcrossInstances();
        webForwardingChangesAreAnsweredByTheOtherAtOnce(instances[0]);
        burst(instances, killB);
    }

    /** Six failures per minute per address: three through A and three through B fill it; the next is refused by both. */
    private void failedAuthenticationsCountAcrossInstances() throws Exception {
        Api viaA = Api.at(urlA);
        Api viaB = Api.at(urlB);
        Map<String, String> client = Map.of("X-Forwarded-For", "198.51.100.61");
        for (int i = 0; i < AUTH_FAILURES_PER_MINUTE; i++) {
            Api via = i % 2 == 0 ? viaA : viaB;
            Api.Response failed =
                    via.withToken("wrong-token-" + i).send("GET", "/api/v1/account/permissions", null, null, client);
            assertEquals(
                    401,
                    failed.status(),
                    "failure " + (i + 1) + " of " + AUTH_FAILURES_PER_MINUTE + ": " + failed.body());
        }
        for (Api via : List.of(viaA, viaB)) {
            Api.Response refused =
                    via.withToken("wrong-token-x").send("GET", "/api/v1/account/permissions", null, null, client);
            assertEquals(429, refused.status(), "the limit reached through both counts on each: " + refused.body());
        }
        System.out.println(
                label + " failed authentications: 3 through A + 3 through B, the 7th refused (429) by A and by B");
    }

    private void webForwardingChangesAreAnsweredByTheOtherAtOnce(Api a) {
        String zone = "fw" + Long.toHexString(System.nanoTime()) + ".example";
        String host = "www." + zone;
        assertEquals(
                201,
                a.json(
                                "POST",
                                "/api/v1/dns/zones/create",
                                Json.createObjectBuilder()
                                        .add("name", zone)
                                        .add(
                                                "records",
                                                records(record("www", "HTTP_REDIRECT", "https://first.example.org/")))
                                        .build())
                        .status());
        Api.Response first = Api.at(urlB).send("GET", "/", null, null, Map.of("Host", host));
        assertEquals(301, first.status(), first.body());
        assertEquals("https://first.example.org/", first.header("Location"));
        Api.Response changed = a.json(
                "PUT",
                "/api/v1/dns/zones/update",
                Json.createObjectBuilder()
                        .add("zone", zone)
                        .add("records", records(record("www", "HTTP_REDIRECT", "https://second.example.org/")))
                        .build());
        assertEquals(200, changed.status(), changed.body());
        Api.Response second = Api.at(urlB).send("GET", "/", null, null, Map.of("Host", host));
        assertEquals(301, second.status(), second.body());
        assertEquals(
                "https://second.example.org/",
                second.header("Location"),
                "B answers A's change with its very next request");
        assertEquals(
                200,
                a.json(
                                "DELETE",
                                "/api/v1/dns/zones/delete",
                                Json.createObjectBuilder().add("zone", zone).build())
                        .status());
        Api.Response gone = Api.at(urlB).send("GET", "/", null, null, Map.of("Host", host));
        assertTrue(gone.status() != 301, "no forward once the zone is deleted through A: " + gone.status());
        System.out.println(
                label + " web forwarding: a change and a deletion through A answered by B on its next request");
    }

    private void burst(Api[] instances, Kill killB) throws Exception {
        List<String> zones = new ArrayList<>();
        for (int i = 0; i < WRITERS; i++) {
            zones.add("c" + i + "-" + Long.toHexString(System.nanoTime()) + ".example");
        }
        String shared = "shared-" + Long.toHexString(System.nanoTime()) + ".example";
        zones.add(shared);
        for (int i = 0; i < zones.size(); i++) {
            Api.Response created = instances[i % 2].json(
                    "POST",
                    "/api/v1/dns/zones/create",
                    Json.createObjectBuilder().add("name", zones.get(i)).build());
            assertEquals(201, created.status(), created.body());
        }

        // per zone: records whose addition was acknowledged (and not their deletion), and those whose answer never came
        Map<String, Set<String>> acknowledged = new ConcurrentHashMap<>();
        Map<String, Set<String>> uncertain = new ConcurrentHashMap<>();
        zones.forEach(z -> {
            acknowledged.put(z, ConcurrentHashMap.newKeySet());
            uncertain.put(z, ConcurrentHashMap.newKeySet());
        });
        AtomicLongArray acknowledgedBy = new AtomicLongArray(2);
        AtomicInteger writes = new AtomicInteger();
        AtomicInteger serverErrors = new AtomicInteger();
        AtomicInteger lost = new AtomicInteger();
        List<String> serverErrorBodies = new ArrayList<>();
        AtomicBoolean bAlive = new AtomicBoolean(true);
        long start = System.nanoTime();
        long end = start + BURST.toNanos();
        ExecutorService pool = Executors.newFixedThreadPool(WRITERS);
        List<Future<?>> writers = new ArrayList<>();
        for (int w = 0; w < WRITERS; w++) {
            int writer = w;
            writers.add(pool.submit(() -> {
                List<Write> mine = new ArrayList<>();
                for (int n = 0; System.nanoTime() < end; n++) {
                    int instance = bAlive.get() ? (writer + n) % 2 : 0;
                    boolean delete = n % 5 == 4 && !mine.isEmpty();
                    Write write;
                    JsonObject body;
                    if (delete) {
                        write = mine.remove(0);
                        body = Json.createObjectBuilder()
                                .add("zone", write.zone())
                                .add(
                                        "records",
                                        Json.createArrayBuilder()
                                                .add(Json.createObjectBuilder()
                                                        .add("name", write.name())
                                                        .add("type", "A")))
                                .build();
                    } else {
                        String zone = n % 4 == 3 ? shared : zones.get(writer);
                        String name = "w" + writer + "-" + n;
                        String address = "203.0.113." + (n % 250 + 1);
                        write = new Write(zone, name, name + " A " + address);
                        body = Json.createObjectBuilder()
                                .add("zone", zone)
                                .add("records", records(record(name, "A", address)))
                                .build();
                    }
                    writes.incrementAndGet();
                    try {
                        Api.Response answer = delete
                                ? instances[instance].json("DELETE", "/api/v1/dns/zones/records/delete", body)
                                : instances[instance].json("POST", "/api/v1/dns/zones/records/add", body);
                        if (answer.status() >= 500) {
                            serverErrors.incrementAndGet();
                            synchronized (serverErrorBodies) {
                                serverErrorBodies.add(answer.status() + " " + answer.body());
                            }
                        } else if (answer.status() == 200) {
                            acknowledgedBy.incrementAndGet(instance);
                            if (delete) {
                                acknowledged.get(write.zone()).remove(write.entry());
                            } else {
                                acknowledged.get(write.zone()).add(write.entry());
                                mine.add(write);
                            }
                        } else {
                            throw new AssertionError("unexpected answer " + answer.status() + ": " + answer.body());
                        }
                    } catch (UncheckedIOException e) {
                        // no answer: the instance died under the request; it may or may not have committed
                        lost.incrementAndGet();
                        uncertain.get(write.zone()).add(write.entry());
                        acknowledged.get(write.zone()).remove(write.entry());
                    }
                }
                return null;
            }));
        }
        Thread.sleep(KILL_AFTER.toMillis());
        bAlive.set(false);
        killB.kill();
        long killedAt = System.nanoTime();
        for (Future<?> writer : writers) {
            writer.get(2, TimeUnit.MINUTES);
        }
        pool.shutdown();
        long writersDone = System.nanoTime();

        // what the API shows now (through A, the survivor) is what PowerDNS must serve
        Map<String, JsonObject> shown = new java.util.HashMap<>();
        for (String zone : zones) {
            Api.Response show = instances[0].get("/api/v1/dns/zones/show?zone=" + zone);
            assertEquals(200, show.status(), show.body());
            shown.put(zone, show.data().getJsonObject("zone"));
        }
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        List<String> behind = new ArrayList<>(zones);
        while (!behind.isEmpty() && System.nanoTime() < deadline) {
            behind.removeIf(zone -> served(zone, shown.get(zone)));
            if (!behind.isEmpty()) {
                Thread.sleep(100);
            }
        }
        long converged = System.nanoTime();

        System.out.printf(
                label + " %d writers, %.0f s: %d writes, %d acknowledged (A %d, B %d), %d without answer"
                        + " (B killed after %.0f s), %d answers 5xx%n",
                WRITERS,
                (writersDone - start) / 1e9,
                writes.get(),
                acknowledgedBy.get(0) + acknowledgedBy.get(1),
                acknowledgedBy.get(0),
                acknowledgedBy.get(1),
                lost.get(),
                (killedAt - start) / 1e9,
                serverErrors.get());
        System.out.printf(
                label + " PowerDNS served the final state of all %d zones %.1f s after the last write%s%n",
                zones.size(),
                (converged - writersDone) / 1e9,
                behind.isEmpty() ? "" : " (NOT: " + behind + ")");

        assertEquals(0, serverErrors.get(), "answers 5xx: " + serverErrorBodies);
        assertTrue(behind.isEmpty(), "PowerDNS serves the final state of every zone; behind: " + behind);
        for (String zone : zones) {
            Set<String> stored = storedA(shown.get(zone));
            Set<String> missing = new TreeSet<>(acknowledged.get(zone));
            missing.removeAll(stored);
            assertTrue(missing.isEmpty(), zone + ": acknowledged writes missing: " + missing);
            Set<String> unexplained = new TreeSet<>(stored);
            unexplained.removeAll(acknowledged.get(zone));
            unexplained.removeAll(uncertain.get(zone));
            assertTrue(unexplained.isEmpty(), zone + ": records nobody added: " + unexplained);
        }
        assertEquals(0, countOutbox(), "the outbox is empty: the survivor published what B left");
    }

    /** One writer's request: the record's zone, its name, and "name A address". */
    private record Write(String zone, String name, String entry) {}

    // ---- what PowerDNS serves

    private boolean served(String zone, JsonObject shownZone) {
        long serial = Long.parseLong(shownZone.getString("serial"));
        Long servedSerial = pdns.soaSerial(zone);
        if (servedSerial == null || servedSerial != serial) {
            return false;
        }
        try {
            Set<String> served = new TreeSet<>();
            for (Record r : pdns.axfr(zone)) {
                if (r.getType() == Type.A) {
                    String owner = r.getName().toString().toLowerCase(Locale.ROOT);
                    served.add(owner.substring(0, owner.length() - zone.length() - 2) + " A " + r.rdataToString());
                }
            }
            return served.equals(storedA(shownZone));
        } catch (Exception e) {
            return false;
        }
    }

    private static Set<String> storedA(JsonObject zone) {
        Set<String> records = new TreeSet<>();
        for (JsonObject r : zone.getJsonArray("records").getValuesAs(JsonObject.class)) {
            if (r.getString("type").equals("A")) {
                records.add(r.getString("name") + " A " + r.getString("data"));
            }
        }
        return records;
    }

    private long countOutbox() throws SQLException {
        String user = System.getenv().getOrDefault("DB_USER", "");
        try (Connection connection = user.isEmpty()
                        ? DriverManager.getConnection(dbUrl)
                        : DriverManager.getConnection(
                                dbUrl, user, System.getenv().getOrDefault("DB_PASSWORD", ""));
                Statement statement = connection.createStatement();
                ResultSet count = statement.executeQuery("SELECT COUNT(*) FROM nameserver_outbox")) {
            count.next();
            return count.getLong(1);
        }
    }

    private static jakarta.json.JsonObjectBuilder record(String name, String type, String data) {
        return Json.createObjectBuilder()
                .add("name", name)
                .add("type", type)
                .add("data", data)
                .addNull("ttl");
    }

    private static JsonArrayBuilder records(jakarta.json.JsonObjectBuilder... records) {
        JsonArrayBuilder array = Json.createArrayBuilder();
        for (jakarta.json.JsonObjectBuilder record : records) {
            array.add(record);
        }
        return array;
    }

    /** Waits up to three minutes for the operator's 200 on {@code port}, as long as the instance is {@code alive}. */
    static void awaitAnswer(int port, java.util.function.BooleanSupplier alive) throws Exception {
        long deadline = System.nanoTime() + Duration.ofMinutes(3).toNanos();
        Api api = Api.at(url(port)).asOperator();
        String last = "no answer";
        while (System.nanoTime() < deadline && alive.getAsBoolean()) {
            try {
                Api.Response answer = api.get("/api/v1/account/permissions");
                if (answer.status() == 200) {
                    return;
                }
                last = answer.status() + " " + answer.body();
            } catch (UncheckedIOException e) {
                last = "no connection";
            }
            Thread.sleep(500);
        }
        throw new AssertionError(
                "no 200 on port " + port + " (instance alive: " + alive.getAsBoolean() + "); last: " + last);
    }

    /** An instance's address on loopback. */
    static URL url(int port) {
        try {
            return java.net.URI.create("http://127.0.0.1:" + port).toURL();
        } catch (java.net.MalformedURLException e) {
            throw new IllegalStateException(e);
        }
    }
}
