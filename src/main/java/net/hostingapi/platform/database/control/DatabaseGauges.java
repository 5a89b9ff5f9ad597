package net.hostingapi.platform.database.control;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;

/**
 * Gauges whose value is a number the database holds (a backlog, the age of its oldest entry), read
 * when {@code /metrics} is scraped. Without an answer from the database a gauge reads -1, so that
 * an alert on it fires rather than the scrape failing as a whole.
 */
public final class DatabaseGauges {

    private static final Logger LOG = Logger.getLogger(DatabaseGauges.class.getName());

    private DatabaseGauges() {}

    /** A gauge of the single number {@code sql} selects; null (an empty table's MIN) reads 0. */
    public static void register(
            MetricRegistry metrics, DataSource database, String name, String description, String sql) {
        metrics.gauge(
                Metadata.builder().withName(name).withDescription(description).build(),
                database,
                db -> read(db, name, sql));
    }

    /**
     * The three gauges of an outbox table (rows with {@code created_at} and {@code last_error}):
     * {@code <table>_backlog}, {@code <table>_failing} (last attempt failed) and
     * {@code <table>_oldest_age_seconds}; {@code entries} names what a row is, for the descriptions.
     */
    public static void registerOutbox(MetricRegistry metrics, DataSource database, String table, String entries) {
        register(metrics, database, table + "_backlog", entries + " waiting", "SELECT COUNT(*) FROM " + table);
        register(
                metrics,
                database,
                table + "_failing",
                entries + " whose last attempt failed (retried with backoff)",
                "SELECT COUNT(*) FROM " + table + " WHERE last_error IS NOT NULL");
        register(
                metrics,
                database,
                table + "_oldest_age_seconds",
                "Seconds the oldest of the " + entries.toLowerCase(java.util.Locale.ROOT) + " waiting has waited",
                "SELECT TIMESTAMPDIFF(SECOND, MIN(created_at), UTC_TIMESTAMP()) FROM " + table);
    }

    private static long read(DataSource database, String name, String sql) {
        try {
            return PooledConnections.use(database, connection -> {
                try (Statement statement = connection.createStatement();
                        ResultSet row = statement.executeQuery(sql)) {
                    return row.next() ? row.getLong(1) : 0L;
                }
            });
        } catch (SQLException e) {
            LOG.log(Level.FINE, "Gauge " + name + " unread", e);
            return -1;
        }
    }
}
