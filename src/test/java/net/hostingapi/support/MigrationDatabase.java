package net.hostingapi.support;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.flywaydb.core.Flyway;

/**
 * A database of a migration test's own on the suite's MariaDB: made empty, migrated up to a
 * version, filled with the rows of that time, migrated on, read, and dropped.
 */
public final class MigrationDatabase implements AutoCloseable {

    private final String name;
    private final String url;
    private final String user;
    private final String password;

    private MigrationDatabase(String name) {
        this.name = name;
        String suite = System.getenv("DB_URL");
        // after the hosts, one or several (jdbc:mariadb:sequential://h1,h2/db)
        int slash = suite.indexOf('/', suite.indexOf("//") + 2);
        int query = suite.indexOf('?', slash);
        this.url = suite.substring(0, slash + 1) + name + (query < 0 ? "" : suite.substring(query));
        this.user = System.getenv().getOrDefault("DB_USER", "");
        this.password = System.getenv().getOrDefault("DB_PASSWORD", "");
    }

    /** A new, empty database {@code name} (dropped first if a run left it). */
    public static MigrationDatabase create(String name) throws SQLException {
        try (Connection server = Database.connect();
                Statement s = server.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS " + name);
            s.execute("CREATE DATABASE " + name + " CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci");
        }
        return new MigrationDatabase(name);
    }

    /** Migrates up to {@code version}, or to the newest when null. */
    public void migrateTo(String version) {
        var flyway = Flyway.configure().dataSource(url, user, password).locations("classpath:db/migration");
        (version == null ? flyway : flyway.target(version)).load().migrate();
    }

    public void execute(String... statements) throws SQLException {
        try (Connection c = connect();
                Statement s = c.createStatement()) {
            for (String sql : statements) {
                s.execute(sql);
            }
        }
    }

    /** The first column of every row of {@code sql}, as text. */
    public List<String> rows(String sql) throws SQLException {
        List<String> values = new ArrayList<>();
        try (Connection c = connect();
                Statement s = c.createStatement();
                ResultSet rows = s.executeQuery(sql)) {
            while (rows.next()) {
                values.add(rows.getString(1));
            }
        }
        return values;
    }

    private Connection connect() throws SQLException {
        return user.isEmpty() ? DriverManager.getConnection(url) : DriverManager.getConnection(url, user, password);
    }

    @Override
    public void close() throws SQLException {
        try (Connection server = Database.connect();
                Statement s = server.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS " + name);
        }
    }
}
