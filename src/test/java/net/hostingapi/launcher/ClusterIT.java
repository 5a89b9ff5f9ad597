package net.hostingapi.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.hostingapi.support.Api;
import net.hostingapi.support.MariaDbExtension;
import net.hostingapi.support.PowerDnsServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.xbill.DNS.DClass;
import org.xbill.DNS.Lookup;
import org.xbill.DNS.Name;
import org.xbill.DNS.Record;
import org.xbill.DNS.SOARecord;
import org.xbill.DNS.SimpleResolver;
import org.xbill.DNS.Type;
import org.xbill.DNS.ZoneTransferIn;

/**
 * Two instances of the service, each started with the run command at the same time, on one MariaDB
 * (an empty database of this test's own) and one PowerDNS: 20 writers spread over both for half a minute on 20 zones and
 * one zone they share, one instance killed with kill -9 in the middle. Afterwards PowerDNS serves
 * exactly the state the API shows for every zone, no acknowledged write is missing, and no answer
 * was a 5xx. Before that: failed authentications through one instance count through the other,
 * and a web-forwarding change made through one is answered by the other at once. Figures are
 * printed (README, Several instances), not asserted.
 */
@ExtendWith(MariaDbExtension.class)
class ClusterIT {

    private static final int WRITERS = 20;
    private static final Duration BURST = Duration.ofSeconds(28);
    private static final Duration KILL_AFTER = Duration.ofSeconds(18);
    private static final int AUTH_FAILURES_PER_MINUTE = 6;

    private final Path dir = Path.of("target", "cluster").toAbsolutePath();

    @Test
    void twoInstancesServeOneApiAndPublishEverythingWhenOneDies() throws Exception {
        ServiceLauncher.deleteTree(dir);
        Files.createDirectories(dir);
        String dbUrl = freshDatabase();
        PowerDnsServer pdns = PowerDnsServer.create(dir.resolve("pdns"), freePort(), freePort());
        pdns.start();
        Process a = null;
        Process b = null;
        try {
            int portA = freePort();
            int portB = freePort();
            long started = System.nanoTime();
            // both at once, on an empty database: migrations and the operator's creation must not collide
            a = launch("a", portA, dbUrl, pdns);
            b = launch("b", portB, dbUrl, pdns);
            awaitAnswer(portA, a);
            awaitAnswer(portB, b);
            System.out.printf(
                    "[cluster] two instances started at once on an empty database, both up in %.1f s (ports %d and %d)%n",
                    seconds(started), portA, portB);

            Api.Customer customer = Api.at(url(portA)).newCustomer();
            Api[] instances = {
                customer.api(),
                Api.at(url(portB))
                        .withToken(customer.created().getJsonObject("token").getString("token"))
            };

            failedAuthenticationsCountAcrossInstances(portA, portB);
            webForwardingChangesAreAnsweredByTheOtherAtOnce(instances[0], instances[1], portB);
            burst(instances, b, pdns);
        } finally {
            stop(a);
            stop(b);
            pdns.stop();
        }
    }

    /** Six failures per minute per address: three through A and three through B fill it; the next is refused by both. */
    private void failedAuthenticationsCountAcrossInstances(int portA, int portB) throws Exception {
        Api viaA = Api.at(url(portA));
        Api viaB = Api.at(url(portB));
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
                "[cluster] failed authentications: 3 through A + 3 through B, the 7th refused (429) by A and by B");
    }

    private void webForwardingChangesAreAnsweredByTheOtherAtOnce(Api a, Api b, int portB) {
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
        Api.Response first = Api.at(url(portB)).send("GET", "/", null, null, Map.of("Host", host));
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
        Api.Response second = Api.at(url(portB)).send("GET", "/", null, null, Map.of("Host", host));
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
        Api.Response gone = Api.at(url(portB)).send("GET", "/", null, null, Map.of("Host", host));
        assertTrue(gone.status() != 301, "no forward once the zone is deleted through A: " + gone.status());
        System.out.println(
                "[cluster] web forwarding: a change and a deletion through A answered by B on its next request");
    }

    private void burst(Api[] instances, Process b, PowerDnsServer pdns) throws Exception {
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
        ProcessHandle payaraB = b.toHandle().children().findFirst().orElseThrow();
        bAlive.set(false);
        assertTrue(payaraB.destroyForcibly(), "kill -9 of instance B's Payara");
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
            behind.removeIf(zone -> served(pdns, zone, shown.get(zone)));
            if (!behind.isEmpty()) {
                Thread.sleep(100);
            }
        }
        long converged = System.nanoTime();

        System.out.printf(
                "[cluster] %d writers, %.0f s: %d writes, %d acknowledged (A %d, B %d), %d without answer"
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
                "[cluster] PowerDNS served the final state of all %d zones %.1f s after the last write%s%n",
                zones.size(), (converged - writersDone) / 1e9, behind.isEmpty() ? "" : " (NOT: " + behind + ")");

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

    private boolean served(PowerDnsServer pdns, String zone, JsonObject shownZone) {
        long serial = Long.parseLong(shownZone.getString("serial"));
        Long servedSerial = soaSerial(pdns, zone);
        if (servedSerial == null || servedSerial != serial) {
            return false;
        }
        try {
            Set<String> served = new TreeSet<>();
            ZoneTransferIn transfer =
                    ZoneTransferIn.newAXFR(Name.fromString(zone + "."), "127.0.0.1", pdns.dnsPort(), null);
            transfer.setTimeout(Duration.ofSeconds(10));
            transfer.run();
            for (Record r : transfer.getAXFR()) {
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

    private static Long soaSerial(PowerDnsServer pdns, String origin) {
        try {
            SimpleResolver resolver = new SimpleResolver("127.0.0.1");
            resolver.setPort(pdns.dnsPort());
            resolver.setTimeout(Duration.ofSeconds(2));
            Lookup lookup = new Lookup(Name.fromString(origin + "."), Type.SOA, DClass.IN);
            lookup.setResolver(resolver);
            lookup.setCache(null);
            Record[] answers = lookup.run();
            return answers == null ? null : ((SOARecord) answers[0]).getSerial();
        } catch (Exception e) {
            return null;
        }
    }

    // ---- the instances and their database

    private Process launch(String name, int port, String dbUrl, PowerDnsServer pdns) throws IOException {
        Path dataDir = dir.resolve(name);
        Files.createDirectories(dataDir);
        ProcessBuilder builder = new ProcessBuilder(ServiceLauncher.command())
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve(name + ".log").toFile());
        Map<String, String> env = builder.environment();
        env.put("HTTP_PORT", Integer.toString(port));
        env.put("DNS_UPDATE_PORT", Integer.toString(EmbeddedMariaDb.freePort())); // not the shared test server's
        env.put("DATA_DIR", dataDir.toString());
        env.put("DB_URL", dbUrl);
        env.put("JAVA_HEAP", "-Xmx384m");
        env.put("BOOTSTRAP_TOKEN", Api.OPERATOR_TOKEN);
        env.put("MAIL_OUTBOX_DIR", dataDir.resolve("outbox").toString());
        env.put("SMTP_HOST", "");
        env.put("PDNS_API_URL", pdns.apiUrl());
        env.put("PDNS_API_KEY", PowerDnsServer.API_KEY);
        env.put("PDNS_SERVER_ID", "localhost");
        env.put("PUBLISH_RETRY_MAX_SECONDS", "2");
        env.put("TRUSTED_PROXIES", "127.0.0.1");
        env.put("AUTH_FAILURES_PER_MINUTE", Integer.toString(AUTH_FAILURES_PER_MINUTE));
        env.put("AUTH_FAILURES_PER_MINUTE_GLOBAL", "600");
        // A writer queued behind the others on the shared zone's row lock, on a machine this loaded
        // (load average above 10 on 2 cores), waited more than the default 5 s: the driver's socket
        // timeout took that for a dead database, the pool dropped all its connections and the
        // requests under way on them answered 503. Nothing in that is about two instances (reported),
        // not what this test is about; bounded here by the database's own lock wait timeout instead.
        env.put("DB_SOCKET_TIMEOUT_MILLIS", "60000");
        return builder.start();
    }

    /** A database of this test's own beside the suite's (DB_URL's name with "_cluster"), emptied first. */
    private static String freshDatabase() throws SQLException {
        Matcher url = Pattern.compile("(jdbc:mariadb://[^/]+/)([^?]*)(.*)").matcher(System.getenv("DB_URL"));
        assertTrue(url.matches(), "DB_URL names a database: " + System.getenv("DB_URL"));
        String database = url.group(2) + "_cluster";
        String user = System.getenv().getOrDefault("DB_USER", "");
        try (Connection connection = user.isEmpty()
                        ? DriverManager.getConnection(url.group(1) + url.group(3))
                        : DriverManager.getConnection(
                                url.group(1) + url.group(3),
                                user,
                                System.getenv().getOrDefault("DB_PASSWORD", ""));
                Statement statement = connection.createStatement()) {
            statement.execute("DROP DATABASE IF EXISTS `" + database + "`");
            statement.execute("CREATE DATABASE `" + database + "` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci");
        }
        clusterDbUrl = url.group(1) + database + url.group(3);
        return clusterDbUrl;
    }

    private static String clusterDbUrl;

    private static long countOutbox() throws SQLException {
        String user = System.getenv().getOrDefault("DB_USER", "");
        try (Connection connection = user.isEmpty()
                        ? DriverManager.getConnection(clusterDbUrl)
                        : DriverManager.getConnection(
                                clusterDbUrl, user, System.getenv().getOrDefault("DB_PASSWORD", ""));
                Statement statement = connection.createStatement();
                ResultSet count = statement.executeQuery("SELECT COUNT(*) FROM nameserver_outbox")) {
            count.next();
            return count.getLong(1);
        }
    }

    private static void awaitAnswer(int port, Process launcher) throws Exception {
        long deadline = System.nanoTime() + Duration.ofMinutes(3).toNanos();
        Api api = Api.at(url(port)).asOperator();
        String last = "no answer";
        while (System.nanoTime() < deadline && launcher.isAlive()) {
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
                "no 200 on port " + port + " (launcher alive: " + launcher.isAlive() + "); last: " + last);
    }

    private static void stop(Process launcher) throws InterruptedException {
        if (launcher != null && launcher.isAlive()) {
            launcher.destroy(); // the launcher's shutdown hook stops Payara
            if (!launcher.waitFor(60, TimeUnit.SECONDS)) {
                launcher.descendants().forEach(ProcessHandle::destroyForcibly);
                launcher.destroyForcibly();
            }
        }
    }

    private static URL url(int port) {
        try {
            return URI.create("http://127.0.0.1:" + port).toURL();
        } catch (java.net.MalformedURLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private static double seconds(long since) {
        return (System.nanoTime() - since) / 1e9;
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
}
