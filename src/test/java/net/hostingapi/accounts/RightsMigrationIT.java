package net.hostingapi.accounts;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import net.hostingapi.accounts.entity.Right;
import net.hostingapi.support.Database;
import net.hostingapi.support.MariaDbExtension;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * V13 moves the rights of users and tokens from their collection tables into their rows: a
 * database at V12 with users and tokens keeps every right, and a user or token without any keeps
 * none (in a database of its own on the suite's MariaDB).
 */
@ExtendWith(MariaDbExtension.class)
class RightsMigrationIT {

    private static final String DATABASE = "hostingapi_rights_migration";

    @Test
    void everyRightStaysWithItsUserAndToken() throws SQLException {
        try (Connection server = Database.connect();
                Statement s = server.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS " + DATABASE);
            s.execute("CREATE DATABASE " + DATABASE + " CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci");
        }
        String url = withDatabase(System.getenv("DB_URL"));
        String user = System.getenv().getOrDefault("DB_USER", "");
        String password = System.getenv().getOrDefault("DB_PASSWORD", "");
        flyway(url, user, password).target("12").load().migrate();
        try (Connection c = connect(url, user, password);
                Statement s = c.createStatement()) {
            s.execute("INSERT INTO accounts (id, name, created_at) VALUES (1, 'a', NOW())");
            s.execute("INSERT INTO users (id, account_id, username, email, created_at, updated_at) VALUES"
                    + " (1, 1, 'owner', 'o@example.com', NOW(), NOW()), (2, 1, 'none', 'n@example.com', NOW(), NOW())");
            s.execute("INSERT INTO user_rights (user_id, right_key) VALUES (1, 'DNS_ZONES_LIST'),"
                    + " (1, 'DNS_ZONES_CRUD'), (1, 'ACCOUNT_TOKENS_LIST')");
            s.execute(
                    "INSERT INTO api_tokens (id, user_id, token_hash, created_at) VALUES"
                            + " (1, 1, REPEAT('a', 64), NOW()), (2, 1, REPEAT('b', 64), NOW()), (3, 2, REPEAT('c', 64), NOW())");
            s.execute(
                    "INSERT INTO token_rights (token_id, right_key) VALUES (1, 'DNS_ZONES_LIST'), (1, 'DNS_ZONES_CRUD'),"
                            + " (2, 'ACCOUNT_TOKENS_LIST')");
        }

        flyway(url, user, password).load().migrate();

        try (Connection c = connect(url, user, password);
                Statement s = c.createStatement()) {
            assertEquals(
                    List.of("owner ACCOUNT_TOKENS_LIST,DNS_ZONES_CRUD,DNS_ZONES_LIST", "none "),
                    rows(s, "SELECT CONCAT(username, ' ', right_keys) FROM users ORDER BY id"));
            assertEquals(
                    List.of("1 DNS_ZONES_CRUD,DNS_ZONES_LIST", "2 ACCOUNT_TOKENS_LIST", "3 "),
                    rows(s, "SELECT CONCAT(id, ' ', right_keys) FROM api_tokens ORDER BY id"));
            assertEquals(
                    List.of(),
                    rows(
                            s,
                            "SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE()"
                                    + " AND TABLE_NAME IN ('user_rights', 'token_rights')"),
                    "the collection tables are gone");
            assertEquals(
                    java.util.EnumSet.of(Right.DNS_ZONES_LIST, Right.DNS_ZONES_CRUD, Right.ACCOUNT_TOKENS_LIST),
                    Right.ofKeys(
                            rows(s, "SELECT right_keys FROM users WHERE id = 1").get(0)),
                    "the service reads the migrated keys as the rights they were");
        } finally {
            try (Connection server = Database.connect();
                    Statement s = server.createStatement()) {
                s.execute("DROP DATABASE IF EXISTS " + DATABASE);
            }
        }
    }

    private static org.flywaydb.core.api.configuration.FluentConfiguration flyway(
            String url, String user, String password) {
        return Flyway.configure().dataSource(url, user, password).locations("classpath:db/migration");
    }

    private static Connection connect(String url, String user, String password) throws SQLException {
        return user.isEmpty() ? DriverManager.getConnection(url) : DriverManager.getConnection(url, user, password);
    }

    /** DB_URL naming this test's database instead of the suite's. */
    private static String withDatabase(String url) {
        int slash = url.indexOf('/', "jdbc:mariadb://".length());
        int query = url.indexOf('?', slash);
        return url.substring(0, slash + 1) + DATABASE + (query < 0 ? "" : url.substring(query));
    }

    private static List<String> rows(Statement s, String sql) throws SQLException {
        List<String> values = new ArrayList<>();
        try (ResultSet rows = s.executeQuery(sql)) {
            while (rows.next()) {
                values.add(rows.getString(1));
            }
        }
        return values;
    }
}
