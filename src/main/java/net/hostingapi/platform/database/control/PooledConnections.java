package net.hostingapi.platform.database.control;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLRecoverableException;
import javax.sql.DataSource;

/**
 * Plain JDBC on a pooled connection that is not handed to the next request once the database has
 * dropped it. The pool pings a connection at most once a second (validate-atmost-once-period in
 * server-config/), and the driver closes a connection whose socket failed without the pool
 * noticing: returned as it was, it failed every request that took it within that second (the
 * token lookups of 31 requests on one connection, DroppedConnectionsIT). Aborting it makes Payara
 * discard it instead.
 */
public final class PooledConnections {

    /** What is done on the connection; it must not close it. */
    @FunctionalInterface
    public interface Work<T> {
        T on(Connection connection) throws SQLException;
    }

    private PooledConnections() {}

    public static <T> T use(DataSource database, Work<T> work) throws SQLException {
        Connection connection = database.getConnection();
        try {
            return work.on(connection);
        } catch (SQLException e) {
            if (connectionLost(e)) {
                discard(connection, e);
            }
            throw e;
        } finally {
            connection.close(); // a no-op once discarded
        }
    }

    /** Gives the connection back to be destroyed rather than reused: {@code cause} says why. */
    private static void discard(Connection connection, Exception cause) {
        try {
            connection.abort(Runnable::run);
        } catch (SQLException | RuntimeException e) {
            cause.addSuppressed(e);
        }
    }

    /**
     * Whether the connection itself is gone, not only the statement: SQLState class 08 (connection
     * exception, also after a socket timeout) or the driver's types for a lost connection.
     */
    public static boolean connectionLost(SQLException e) {
        String state = e.getSQLState();
        return e instanceof SQLNonTransientConnectionException
                || e instanceof SQLRecoverableException
                || state != null && state.startsWith("08");
    }
}
