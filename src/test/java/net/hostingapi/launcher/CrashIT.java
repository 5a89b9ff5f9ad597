package net.hostingapi.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import net.hostingapi.handles.HandleFixtures;
import net.hostingapi.support.Api;
import net.hostingapi.support.ChildProcesses;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * Crash test (issue 22, sections 1 and 4), a failsafe execution of its own ({@code crash}): cycles
 * of eight writers for ten seconds (records/add on four zones, handles created and deleted with
 * their verification mails) during which the database is killed with SIGKILL at a random moment
 * and started again on its data directory. After every cycle: every write answered 2xx is stored;
 * nothing answered otherwise is stored by halves (a request's two records together or not at all,
 * a handle only with its mail); the data directory started again. Handle writes go as a client
 * library that retries sends them (issue 60): each with an Idempotency-Key, repeated with it on no
 * answer, a 5xx or a 409, so a creation carried out twice would be a second handle of its email,
 * which the check after each cycle refuses. At the end the published zone
 * files agree with the zones' records and serials. Once with the run command's embedded MariaDB
 * (its supervisor restarts it), once with Debian's mariadbd that this test starts and restarts.
 * The two run side by side (the {@code crash} execution enables JUnit's parallel execution):
 * nothing is shared between them but the machine, and the suite is shorter by one of them.
 */
@Execution(ExecutionMode.CONCURRENT)
class CrashIT {

    private static final int CYCLES = Integer.getInteger("crash.cycles", 14);
    private static final int RECORD_WRITERS = 6;
    private static final int HANDLE_WRITERS = 2;
    private static final int ZONES = 4;
    private static final long CYCLE_MILLIS = 10_000;
    private static final HttpClient HTTP = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();

    @Test
    void theEmbeddedDatabaseKilledTwentyTimesLosesNoAcknowledgedWrite() throws Exception {
        new Run("embedded", null).crashCycles();
    }

    @Test
    void aMariaDbServerKilledTwentyTimesLosesNoAcknowledgedWrite() throws Exception {
        Path dir = Path.of("target", "crash-mariadbd").toAbsolutePath();
        ServiceLauncher.deleteTree(dir);
        try (DebianMariaDb server = new DebianMariaDb(dir)) {
            new Run("mariadbd", server).crashCycles();
        }
    }

    /** One attempted write: what it was, what it answered (-1: no answer). */
    record Attempt(int cycle, String kind, String key, int status) {
        boolean acknowledged() {
            return status / 100 == 2;
        }
    }

    /** Debian's mariadbd on a data directory and port of its own, started and killed by this test. */
    static final class DebianMariaDb implements AutoCloseable {
        final Path dataDir;
        final Path log;
        final Path tmpDir;
        final int port = EmbeddedMariaDb.freePort();
        Process process;

        DebianMariaDb(Path dir) throws Exception {
            Files.createDirectories(dir);
            dataDir = dir.resolve("data");
            log = dir.resolve("mariadbd.err");
            // its temporary tables in a directory of its own, not in /tmp (see EmbeddedMariaDbIT)
            tmpDir = Files.createDirectories(dir.resolve("tmp"));
            Process install = new ProcessBuilder(
                            "mariadb-install-db",
                            "--no-defaults",
                            "--datadir=" + dataDir,
                            "--user=root",
                            "--auth-root-authentication-method=normal",
                            "--skip-test-db",
                            "--tmpdir=" + tmpDir)
                    .redirectErrorStream(true)
                    .redirectOutput(dir.resolve("install.log").toFile())
                    .start();
            assertEquals(0, install.waitFor(), Files.readString(dir.resolve("install.log")));
            start();
        }

        void start() throws Exception {
            long logBefore = Files.exists(log) ? Files.size(log) : 0;
            process = new ProcessBuilder(
                            "/usr/sbin/mariadbd",
                            "--no-defaults",
                            "--datadir=" + dataDir,
                            "--port=" + port,
                            "--bind-address=127.0.0.1",
                            "--socket=" + dataDir.resolveSibling("mariadbd.sock"),
                            "--user=root",
                            "--pid-file=" + dataDir.resolveSibling("mariadbd.pid"),
                            "--tmpdir=" + tmpDir,
                            "--skip-name-resolve",
                            "--character-set-server=utf8mb4",
                            "--collation-server=utf8mb4_unicode_ci",
                            "--innodb-flush-log-at-trx-commit=1",
                            "--innodb-doublewrite=1",
                            "--sync-binlog=1")
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                    .start();
            long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
            while (true) {
                try (Connection ignored = DriverManager.getConnection(url(""), "root", "")) {
                    return;
                } catch (Exception notYet) {
                    if (!process.isAlive() || System.nanoTime() > deadline) {
                        throw new AssertionError("mariadbd did not start on " + dataDir
                                + (process.isAlive() ? " within 2 minutes" : ", it exited with " + process.exitValue())
                                + "; what it wrote this time:\n" + logSince(logBefore));
                    }
                    Thread.sleep(100);
                }
            }
        }

        /** The log from {@code offset} on: this start's lines, not the twenty before it. */
        private String logSince(long offset) throws IOException {
            byte[] all = Files.readAllBytes(log);
            int from = (int) Math.min(offset, all.length);
            return new String(all, from, all.length - from, StandardCharsets.UTF_8);
        }

        String url(String database) {
            return "jdbc:mariadb://127.0.0.1:" + port + "/" + database;
        }

        void kill() throws InterruptedException {
            process.destroyForcibly();
            process.waitFor();
        }

        long recoveries() throws IOException {
            return Files.readString(log)
                    .lines()
                    .filter(l -> l.contains("Starting crash recovery"))
                    .count();
        }

        @Override
        public void close() {
            if (process != null) {
                ChildProcesses.stop(process);
            }
        }
    }

    private static final class Run {
        final String name;
        final DebianMariaDb server;
        final Path dataDir;
        final Path output;
        final List<Attempt> attempts = Collections.synchronizedList(new ArrayList<>());
        /** Repetitions of keyed handle writes (no answer, 5xx, 409 in progress), and those answered as replays. */
        final AtomicLong keyedRetries = new AtomicLong();

        final AtomicLong replayed = new AtomicLong();
        final Random random = new Random();
        Process launcher;
        String base;
        Api customer;
        String token;
        final List<String> zones = new ArrayList<>();

        Run(String name, DebianMariaDb server) {
            this.name = name;
            this.server = server;
            this.dataDir = Path.of("target", "crash-" + name + "-service").toAbsolutePath();
            this.output = dataDir.resolveSibling("crash-" + name + ".out");
        }

        void crashCycles() throws Exception {
            ServiceLauncher.deleteTree(dataDir);
            Files.createDirectories(dataDir);
            int port = EmbeddedMariaDb.freePort();
            ProcessBuilder builder = ServiceProcess.runCommand(
                    output, "DB_ACQUIRE_TIMEOUT_MILLIS", "DB_CONNECT_TIMEOUT_MILLIS", "DB_SOCKET_TIMEOUT_MILLIS");
            Map<String, String> env = builder.environment();
            if (server != null) {
                env.put("DB_URL", server.url("hostingapi") + "?user=root");
            }
            env.put("HTTP_PORT", Integer.toString(port));
            env.put("DNS_UPDATE_PORT", Integer.toString(EmbeddedMariaDb.freePort())); // not the shared test server's
            env.put("DATA_DIR", dataDir.toString());
            env.put("BOOTSTRAP_TOKEN", Api.OPERATOR_TOKEN);
            env.put("VERIFICATION_MAILS_PER_ACCOUNT_PER_DAY", "1000000"); // the handle writers create thousands
            launcher = builder.start();
            long writes = 0;
            try {
                awaitLine("Ready in ", 1, Duration.ofMinutes(5));
                base = "http://127.0.0.1:" + port;
                Api.Customer account = Api.at(new URL(base)).newCustomer();
                customer = account.api();
                token = account.created().getJsonObject("token").getString("token");
                for (int z = 0; z < ZONES; z++) {
                    String zone = "crash-" + z + "-" + System.nanoTime() + ".test";
                    Api.Response created = customer.json(
                            "POST",
                            "/api/v1/dns/zones/create",
                            Json.createObjectBuilder().add("name", zone).build());
                    assertEquals(201, created.status(), created.body());
                    zones.add(zone);
                }
                long begun = System.nanoTime();
                for (int cycle = 1; cycle <= CYCLES; cycle++) {
                    cycle(cycle);
                    check(cycle);
                }
                long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - begun);
                checkPublished();
                writes = attempts.size();
                long acknowledged =
                        attempts.stream().filter(Attempt::acknowledged).count();
                Map<Integer, Long> byStatus = new TreeMap<>();
                attempts.forEach(a -> byStatus.merge(a.status(), 1L, Long::sum));
                System.out.printf(
                        "CrashIT %s: %d cycles in %d s, %d writes, %d acknowledged, 0 missing, 0 half-stored, %d crash recoveries; "
                                + "answers by status %s; handle writes retried with their Idempotency-Key %d times,"
                                + " %d answered as replays, 0 duplicated%n",
                        name,
                        CYCLES,
                        seconds,
                        writes,
                        acknowledged,
                        recoveries(),
                        byStatus,
                        keyedRetries.get(),
                        replayed.get());
                assertTrue(
                        byStatus.keySet().stream().allMatch(status -> status < 500 || status == 503),
                        "a crash of the database costs 503s, never an internal error: " + byStatus);
                // Every record and handle written is new: a conflict can only be the service's own,
                // as when record ids reserved before a crash were handed out again after it.
                assertFalse(byStatus.containsKey(409), "a crash of the database costs no conflicts: " + byStatus);
            } finally {
                if (launcher.isAlive()) {
                    launcher.destroy();
                    if (!launcher.waitFor(90, TimeUnit.SECONDS)) {
                        launcher.descendants().forEach(ProcessHandle::destroyForcibly);
                        launcher.destroyForcibly();
                    }
                }
            }
        }

        long recoveries() throws IOException {
            return server != null
                    ? server.recoveries()
                    : Files.readString(output)
                            .lines()
                            .filter(l -> l.startsWith("Database: crash recovery ran"))
                            .count();
        }

        /** Eight writers for ten seconds; the database killed at a random moment in between and started again. */
        void cycle(int cycle) throws Exception {
            AtomicBoolean running = new AtomicBoolean(true);
            List<Thread> writers = new ArrayList<>();
            for (int w = 0; w < RECORD_WRITERS + HANDLE_WRITERS; w++) {
                int writer = w;
                Thread thread = new Thread(
                        () -> {
                            if (writer < RECORD_WRITERS) {
                                writeRecords(cycle, writer, running);
                            } else {
                                writeHandles(cycle, writer, running);
                            }
                        },
                        "crash-writer-" + w);
                thread.start();
                writers.add(thread);
            }
            long started = System.nanoTime();
            Thread.sleep(500 + random.nextInt((int) CYCLE_MILLIS - 1500));
            long restartsBefore = restarts();
            if (server != null) {
                server.kill();
                server.start();
            } else {
                ProcessHandle mariadbd = ListeningSockets.descendant(launcher.toHandle(), "mariadbd");
                mariadbd.destroyForcibly();
                mariadbd.onExit().get(1, TimeUnit.MINUTES);
                awaitLine("Database: the embedded MariaDB runs again", restartsBefore + 1, Duration.ofMinutes(3));
            }
            Thread.sleep(Math.max(0, CYCLE_MILLIS - TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started)));
            running.set(false);
            for (Thread thread : writers) {
                thread.join(120_000);
            }
            awaitHealthy();
        }

        long restarts() throws IOException {
            return Files.readString(output)
                    .lines()
                    .filter(l -> l.startsWith("Database: the embedded MariaDB runs again"))
                    .count();
        }

        void writeRecords(int cycle, int writer, AtomicBoolean running) {
            String zone = zones.get(writer % ZONES);
            for (int i = 0; running.get(); i++) {
                String name = "c" + cycle + "w" + writer + "n" + i;
                JsonObject body = Json.createObjectBuilder()
                        .add("zone", zone)
                        .add(
                                "records",
                                Json.createArrayBuilder()
                                        .add(Json.createObjectBuilder()
                                                .add("name", name)
                                                .add("type", "A")
                                                .add("data", "192.0.2.1"))
                                        .add(Json.createObjectBuilder()
                                                .add("name", name)
                                                .add("type", "AAAA")
                                                .add("data", "2001:db8::1")))
                        .build();
                attempts.add(new Attempt(
                        cycle,
                        "record",
                        zone + " " + name,
                        send("POST", "/api/v1/dns/zones/records/add", body).status));
            }
        }

        void writeHandles(int cycle, int writer, AtomicBoolean running) {
            for (int i = 0; running.get(); i++) {
                String email =
                        "crash" + UUID.randomUUID().toString().replace("-", "").substring(0, 12) + "@example.com";
                Answer created = sendKeyed(
                        "POST",
                        "/api/v1/domain/handles/create",
                        HandleFixtures.person(email).build());
                // a replay whose answer was lost says only that it was carried out (data null): known by its email
                String id = created.status == 201
                        ? Json.createReader(new java.io.StringReader(created.body))
                                .readObject()
                                .getJsonObject("data")
                                .getJsonObject("handle")
                                .getString("handle")
                        : null;
                attempts.add(new Attempt(cycle, "create", id != null ? id : email, created.status));
                if (id != null && i % 2 == 0 && running.get()) {
                    Answer deleted = sendKeyed(
                            "DELETE",
                            "/api/v1/domain/handles/delete",
                            Json.createObjectBuilder().add("handle", id).build());
                    attempts.add(new Attempt(cycle, "delete", id, deleted.status));
                }
            }
        }

        record Answer(int status, String body, boolean replayed) {
            Answer(int status, String body) {
                this(status, body, false);
            }
        }

        /**
         * As a client library that retries on every network error: a fresh Idempotency-Key, the
         * request repeated with it while it gets no answer, a 5xx or a 409 (still in progress), for
         * a minute at most. A handle creation carried out twice would be two handles of one email.
         */
        Answer sendKeyed(String method, String path, JsonObject body) {
            String key = UUID.randomUUID().toString();
            Answer answer = send(method, path, body, key);
            for (int i = 0; i < 300 && (answer.status == -1 || answer.status >= 500 || answer.status == 409); i++) {
                keyedRetries.incrementAndGet();
                try {
                    Thread.sleep(200);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return answer;
                }
                answer = send(method, path, body, key);
            }
            if (answer.replayed()) {
                replayed.incrementAndGet();
            }
            return answer;
        }

        Answer send(String method, String path, JsonObject body) {
            return send(method, path, body, null);
        }

        Answer send(String method, String path, JsonObject body, String idempotencyKey) {
            HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(base + path))
                    .header("Authorization", "Bearer " + token)
                    .header("Content-Type", "application/json")
                    .timeout(Duration.ofSeconds(60))
                    .method(method, HttpRequest.BodyPublishers.ofString(body.toString()));
            if (idempotencyKey != null) {
                builder.header("Idempotency-Key", idempotencyKey);
            }
            HttpRequest request = builder.build();
            try {
                HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
                return new Answer(
                        response.statusCode(),
                        response.body(),
                        response.headers().firstValue("Idempotent-Replayed").isPresent());
            } catch (IOException e) {
                return new Answer(-1, e.toString());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return new Answer(-1, e.toString());
            }
        }

        /** After a cycle: acknowledged writes stored, nothing stored by halves. */
        void check(int cycle) throws Exception {
            Map<String, Set<String>> typesByZoneAndName = new HashMap<>();
            for (String zone : zones) {
                Api.Response shown = customer.get("/api/v1/dns/zones/show?zone=" + zone);
                assertEquals(200, shown.status(), shown.body());
                for (JsonValue value : shown.data().getJsonObject("zone").getJsonArray("records")) {
                    JsonObject record = value.asJsonObject();
                    typesByZoneAndName
                            .computeIfAbsent(zone + " " + record.getString("name"), n -> new HashSet<>())
                            .add(record.getString("type"));
                }
            }
            for (var entry : typesByZoneAndName.entrySet()) {
                if (entry.getKey().matches(".* c\\d+w\\d+n\\d+")) {
                    assertEquals(
                            Set.of("A", "AAAA"),
                            entry.getValue(),
                            name + " cycle " + cycle + ": a request's two records together or not at all: "
                                    + entry.getKey());
                }
            }
            Map<String, String> handles = storedHandles(); // handle → email
            Set<String> emails = new HashSet<>(handles.values());
            List<Attempt> cycleAttempts;
            synchronized (attempts) {
                cycleAttempts =
                        attempts.stream().filter(a -> a.cycle() == cycle).toList();
            }
            // a deletion answered otherwise (5xx, no answer) may have happened: such a handle may be gone
            Map<String, Integer> deletions = new HashMap<>();
            cycleAttempts.stream()
                    .filter(a -> a.kind().equals("delete"))
                    .forEach(a -> deletions.put(a.key(), a.status()));
            for (Attempt attempt : cycleAttempts) {
                switch (attempt.kind()) {
                    case "record" -> {
                        if (attempt.acknowledged()) {
                            assertTrue(
                                    typesByZoneAndName.containsKey(attempt.key()),
                                    name + " cycle " + cycle + ": acknowledged write lost: " + attempt);
                        }
                    }
                    case "create" -> {
                        if (attempt.acknowledged() && !deletions.containsKey(attempt.key())) {
                            assertTrue(
                                    handles.containsKey(attempt.key()) || emails.contains(attempt.key()),
                                    name + " cycle " + cycle + ": acknowledged handle lost: " + attempt);
                        }
                    }
                    case "delete" -> {
                        if (attempt.acknowledged()) {
                            assertTrue(
                                    !handles.containsKey(attempt.key()),
                                    name + " cycle " + cycle + ": acknowledged deletion undone: " + attempt);
                        }
                    }
                    default -> throw new AssertionError(attempt.kind());
                }
            }
            assertTrue(
                    emails.size() == handles.size(),
                    name + " cycle " + cycle
                            + ": one handle per attempted creation, its retries with the key included");
            // every stored handle has its verification mail: still queued, or delivered as a file
            Set<String> queued = queuedMailHandles();
            Set<String> delivered = deliveredMailHandles();
            for (String handle : handles.keySet()) {
                assertTrue(
                        queued.contains(handle) || delivered.contains(handle),
                        name + " cycle " + cycle + ": handle " + handle + " stored without its verification mail");
            }
        }

        Map<String, String> storedHandles() {
            Api.Response list = customer.get("/api/v1/domain/handles");
            assertEquals(200, list.status(), list.body());
            Map<String, String> handles = new HashMap<>();
            for (JsonObject handle : list.data().getJsonArray("handles").getValuesAs(JsonObject.class)) {
                handles.put(handle.getString("handle"), handle.getString("email"));
            }
            return handles;
        }

        /** The handles whose verification mail is still in the outbox. */
        Set<String> queuedMailHandles() throws Exception {
            Set<String> queued = new HashSet<>();
            try (Connection c = database();
                    ResultSet rows = c.createStatement()
                            .executeQuery("SELECT topic FROM mail_outbox WHERE topic LIKE 'handle-verification:%'")) {
                while (rows.next()) {
                    queued.add(rows.getString(1).substring("handle-verification:".length()));
                }
            }
            return queued;
        }

        /** The handles named in the subjects of the mails written as files. */
        Set<String> deliveredMailHandles() throws IOException {
            Set<String> handles = new HashSet<>();
            Path mails = dataDir.resolve("outbox");
            if (!Files.isDirectory(mails)) {
                return handles;
            }
            try (Stream<Path> files = Files.list(mails)) {
                for (Path file : files.toList()) {
                    String text = Files.readString(file, StandardCharsets.UTF_8);
                    for (String candidate : text.split("[^A-Za-z0-9_-]+")) {
                        handles.add(candidate);
                    }
                }
            }
            return handles;
        }

        Connection database() throws Exception {
            if (server != null) {
                return DriverManager.getConnection(server.url("hostingapi"), "root", "");
            }
            String text = Files.readString(output);
            java.util.regex.Matcher port = java.util.regex.Pattern.compile(
                            "Database: embedded MariaDB on 127\\.0\\.0\\.1:(\\d+)")
                    .matcher(text);
            assertTrue(port.find(), text);
            String password = Files.readString(EmbeddedMariaDb.passwordFile(dataDir.resolve("db")))
                    .strip();
            return DriverManager.getConnection(
                    "jdbc:mariadb://127.0.0.1:" + port.group(1) + "/hostingapi", EmbeddedMariaDb.USER, password);
        }

        /** The nameserver's copy (zone files) reaches every zone's serial and holds its records. */
        void checkPublished() throws Exception {
            for (String zone : zones) {
                Api.Response shown = customer.get("/api/v1/dns/zones/show?zone=" + zone);
                JsonObject data = shown.data().getJsonObject("zone");
                String serial = data.getString("serial");
                Path file = dataDir.resolve("zones").resolve(zone + ".zone");
                long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
                while (!(Files.exists(file) && Files.readString(file).contains(serial))
                        && System.nanoTime() < deadline) {
                    Thread.sleep(200);
                }
                String published = Files.readString(file);
                assertTrue(published.contains(serial), name + ": " + zone + " published with serial " + serial);
                for (JsonValue value : data.getJsonArray("records")) {
                    String record = value.asJsonObject().getString("name");
                    if (record.startsWith("c")) {
                        assertTrue(
                                published.contains("\n" + record + "\t"),
                                name + ": the published " + zone + " has " + record);
                    }
                }
            }
        }

        void awaitHealthy() throws Exception {
            long deadline = System.nanoTime() + Duration.ofMinutes(3).toNanos();
            while (System.nanoTime() < deadline) {
                try {
                    HttpResponse<String> health = HTTP.send(
                            HttpRequest.newBuilder(URI.create(base + "/health"))
                                    .timeout(Duration.ofSeconds(30))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());
                    if (health.statusCode() == 200) {
                        return;
                    }
                } catch (IOException notYet) {
                    // not answering yet
                }
                Thread.sleep(200);
            }
            throw new AssertionError(name + ": not healthy again within three minutes:\n" + Files.readString(output));
        }

        void awaitLine(String prefix, long count, Duration within) throws Exception {
            long deadline = System.nanoTime() + within.toNanos();
            while (System.nanoTime() < deadline) {
                String text = Files.readString(output);
                if (text.lines().filter(l -> l.startsWith(prefix)).count() >= count) {
                    return;
                }
                if (!launcher.isAlive()) {
                    throw new AssertionError("the run command ended:\n" + text);
                }
                Thread.sleep(100);
            }
            throw new AssertionError(
                    "no line \"" + prefix + "\" (" + count + ") within " + within + ":\n" + Files.readString(output));
        }
    }
}
