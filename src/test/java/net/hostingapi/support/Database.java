package net.hostingapi.support;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * Direct access to the service's database from the test JVM (DB_URL as failsafe passes it to
 * Payara), for what no API may do: moving a deadline or a send time into the past.
 */
public final class Database {

    private Database() {}

    public static int update(String sql, Object... parameters) {
        try (Connection connection = connect();
                PreparedStatement statement = prepare(connection, sql, parameters)) {
            return statement.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException(sql, e);
        }
    }

    /** The first column of the first row, or null when there is none. */
    public static Object value(String sql, Object... parameters) {
        try (Connection connection = connect();
                PreparedStatement statement = prepare(connection, sql, parameters);
                ResultSet result = statement.executeQuery()) {
            return result.next() ? result.getObject(1) : null;
        } catch (SQLException e) {
            throw new IllegalStateException(sql, e);
        }
    }

    public static long count(String sql, Object... parameters) {
        return ((Number) value(sql, parameters)).longValue();
    }

    private static PreparedStatement prepare(Connection connection, String sql, Object... parameters)
            throws SQLException {
        PreparedStatement statement = connection.prepareStatement(sql);
        for (int i = 0; i < parameters.length; i++) {
            statement.setObject(i + 1, parameters[i]);
        }
        return statement;
    }

    /** A connection of the test's own, for holding a lock while the service waits on it. */
    public static Connection connect() throws SQLException {
        String url = System.getenv("DB_URL");
        String user = System.getenv("DB_USER");
        return user == null || user.isEmpty()
                ? DriverManager.getConnection(url)
                : DriverManager.getConnection(url, user, System.getenv().getOrDefault("DB_PASSWORD", ""));
    }
}
