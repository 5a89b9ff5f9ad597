package net.hostingapi.platform.database.control;

import java.lang.management.ManagementFactory;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.UUID;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * A lock of the instances starting on one database, for the work only one may do: migrating the
 * schema, creating the operator. MariaDB's GET_LOCK (which Flyway takes on one server) and locking
 * reads lock on one node of a Galera cluster only; a row inserted under a primary key is certified
 * across the nodes, so of two instances inserting the lock's row through two nodes exactly one
 * commits. The table is created here, not by a migration, because it guards the migrations; a
 * holder that dies leaves its row, which lapses after {@link #LEASE}.
 */
public final class StartupLock implements AutoCloseable {

    /** Longer than any first start's migrations take; after it, a dead holder's row is taken over. */
    static final Duration LEASE = Duration.ofMinutes(5);

    private static final Duration WAIT = Duration.ofMinutes(10);
    private static final Logger LOG = Logger.getLogger(StartupLock.class.getName());

    private final Connection connection;
    private final String name;
    private final String holder;

    private StartupLock(Connection connection, String name, String holder) {
        this.connection = connection;
        this.name = name;
        this.holder = holder;
    }

    /** Waits until this instance holds the lock {@code name}; closing it lets the next one have it. */
    public static StartupLock take(DataSource database, String name) throws SQLException, InterruptedException {
        Connection connection = database.getConnection();
        try {
            connection.setAutoCommit(true);
            try (Statement ddl = connection.createStatement()) {
                ddl.execute("CREATE TABLE IF NOT EXISTS startup_locks (name VARCHAR(64) NOT NULL PRIMARY KEY,"
                        + " holder VARCHAR(255) NOT NULL, expires_at DATETIME(3) NOT NULL)"
                        + " ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci");
            }
            String holder = ManagementFactory.getRuntimeMXBean().getName() + " " + UUID.randomUUID();
            long deadline = System.nanoTime() + WAIT.toNanos();
            for (int attempt = 1; ; attempt++) {
                try (PreparedStatement lapsed = connection.prepareStatement(
                                "DELETE FROM startup_locks WHERE name = ? AND expires_at < UTC_TIMESTAMP(3)");
                        PreparedStatement insert = connection.prepareStatement("INSERT INTO startup_locks"
                                + " (name, holder, expires_at) VALUES (?, ?, UTC_TIMESTAMP(3) + INTERVAL ? SECOND)")) {
                    lapsed.setString(1, name);
                    lapsed.executeUpdate();
                    insert.setString(1, name);
                    insert.setString(2, holder);
                    insert.setLong(3, LEASE.toSeconds());
                    insert.executeUpdate();
                    return new StartupLock(connection, name, holder);
                } catch (SQLException e) {
                    // 1062: another instance holds it; 1213: another node's insert was certified first
                    if (e.getErrorCode() != 1062 && !DeadlockRetry.isLockRace(e) || System.nanoTime() > deadline) {
                        throw e;
                    }
                    if (attempt == 1) {
                        LOG.info(() -> "Waiting for another instance's " + name + " (startup_locks)");
                    }
                    Thread.sleep(250);
                }
            }
        } catch (SQLException | InterruptedException | RuntimeException e) {
            connection.close();
            throw e;
        }
    }

    @Override
    public void close() throws SQLException {
        try (connection;
                PreparedStatement release =
                        connection.prepareStatement("DELETE FROM startup_locks WHERE name = ? AND holder = ?")) {
            release.setString(1, name);
            release.setString(2, holder);
            release.executeUpdate();
        }
    }
}
