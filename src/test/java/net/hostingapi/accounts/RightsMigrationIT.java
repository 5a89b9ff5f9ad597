package net.hostingapi.accounts;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.SQLException;
import java.util.List;
import net.hostingapi.accounts.entity.Right;
import net.hostingapi.support.MariaDbExtension;
import net.hostingapi.support.MigrationDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * V13 moves the rights of users and tokens from their collection tables into their rows: a
 * database at V12 with users and tokens keeps every right, and a user or token without any keeps
 * none (in a database of its own on the suite's MariaDB).
 */
@ExtendWith(MariaDbExtension.class)
class RightsMigrationIT {

    @Test
    void everyRightStaysWithItsUserAndToken() throws SQLException {
        try (MigrationDatabase db = MigrationDatabase.create("hostingapi_rights_migration")) {
            db.migrateTo("12");
            db.execute(
                    "INSERT INTO accounts (id, name, created_at) VALUES (1, 'a', NOW())",
                    "INSERT INTO users (id, account_id, username, email, created_at, updated_at) VALUES"
                            + " (1, 1, 'owner', 'o@example.com', NOW(), NOW()), (2, 1, 'none', 'n@example.com', NOW(), NOW())",
                    "INSERT INTO user_rights (user_id, right_key) VALUES (1, 'DNS_ZONES_LIST'),"
                            + " (1, 'DNS_ZONES_CRUD'), (1, 'ACCOUNT_TOKENS_LIST')",
                    "INSERT INTO api_tokens (id, user_id, token_hash, created_at) VALUES"
                            + " (1, 1, REPEAT('a', 64), NOW()), (2, 1, REPEAT('b', 64), NOW()), (3, 2, REPEAT('c', 64), NOW())",
                    "INSERT INTO token_rights (token_id, right_key) VALUES (1, 'DNS_ZONES_LIST'), (1, 'DNS_ZONES_CRUD'),"
                            + " (2, 'ACCOUNT_TOKENS_LIST')");

            db.migrateTo(null);

            assertEquals(
                    List.of("owner ACCOUNT_TOKENS_LIST,DNS_ZONES_CRUD,DNS_ZONES_LIST", "none "),
                    db.rows("SELECT CONCAT(username, ' ', right_keys) FROM users ORDER BY id"));
            assertEquals(
                    List.of("1 DNS_ZONES_CRUD,DNS_ZONES_LIST", "2 ACCOUNT_TOKENS_LIST", "3 "),
                    db.rows("SELECT CONCAT(id, ' ', right_keys) FROM api_tokens ORDER BY id"));
            assertEquals(
                    List.of(),
                    db.rows("SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE()"
                            + " AND TABLE_NAME IN ('user_rights', 'token_rights')"),
                    "the collection tables are gone");
            assertEquals(
                    java.util.EnumSet.of(Right.DNS_ZONES_LIST, Right.DNS_ZONES_CRUD, Right.ACCOUNT_TOKENS_LIST),
                    Right.ofKeys(
                            db.rows("SELECT right_keys FROM users WHERE id = 1").get(0)),
                    "the service reads the migrated keys as the rights they were");
        }
    }
}
