package net.hostingapi.datacenter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.SQLException;
import java.util.List;
import net.hostingapi.support.MariaDbExtension;
import net.hostingapi.support.MigrationDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * V16 moves the server actions scheduled before the machine inventory into it without guessing: a
 * machine for each MAC address one account used, with the addresses no other MAC address used; a
 * MAC address of two accounts, an address of two MAC addresses, and a machine left without an
 * address get nothing. The operator's users and tokens get the new right (in a database of its own).
 */
@ExtendWith(MariaDbExtension.class)
class MachinesMigrationIT {

    @Test
    void existingActionsBecomeMachinesWhereNothingIsGuessed() throws SQLException {
        try (MigrationDatabase db = MigrationDatabase.create("hostingapi_machines_migration")) {
            db.migrateTo("15");
            db.execute(
                    "INSERT INTO accounts (id, name, created_at) VALUES (1, 'a', NOW()), (2, 'b', NOW())",
                    "INSERT INTO users (id, account_id, username, email, created_at, updated_at, right_keys) VALUES"
                            + " (1, 1, 'operator', 'o@example.com', NOW(), NOW(), 'DNS_ZONES_LIST,CUSTOMERS_CREATE'),"
                            + " (2, 2, 'b', 'b@example.com', NOW(), NOW(), 'DNS_ZONES_LIST')",
                    "INSERT INTO api_tokens (id, user_id, token_hash, created_at, right_keys) VALUES"
                            + " (1, 1, REPEAT('a', 64), NOW(), 'CUSTOMERS_CREATE'), (2, 2, REPEAT('b', 64), NOW(), '')",
                    "INSERT INTO server_actions (id, account_id, mac_address, address, action, state,"
                            + " created_at, updated_at) VALUES "
                            // one account, one MAC, two addresses over time: one machine with both
                            + "(1, 1, '02:00:00:00:00:01', '10.0.0.1', 'RESCUE', 'DONE', NOW(), NOW()),"
                            + "(2, 1, '02:00:00:00:00:01', '10.0.0.2', 'RESCUE', 'PENDING', NOW(), NOW()),"
                            // one MAC used by two accounts: nothing
                            + "(3, 1, '02:00:00:00:00:02', '10.0.0.3', 'RESCUE', 'PENDING', NOW(), NOW()),"
                            + "(4, 2, '02:00:00:00:00:02', '10.0.0.4', 'RESCUE', 'DONE', NOW(), NOW()),"
                            // one address used by two MACs: neither gets it, and so neither a machine
                            + "(5, 2, '02:00:00:00:00:03', '10.0.0.5', 'RESCUE', 'DONE', NOW(), NOW()),"
                            + "(6, 1, '02:00:00:00:00:04', '10.0.0.5', 'RESCUE', 'DONE', NOW(), NOW()),"
                            // B's own machine
                            + "(7, 2, '02:00:00:00:00:05', '10.0.0.6', 'INSTALL', 'RUNNING', NOW(), NOW())");

            db.migrateTo(null);

            assertEquals(
                    List.of("1 02:00:00:00:00:01 10.0.0.1,10.0.0.2", "2 02:00:00:00:00:05 10.0.0.6"),
                    db.rows("SELECT CONCAT(m.account_id, ' ', m.mac_address, ' ',"
                            + " GROUP_CONCAT(a.address ORDER BY a.address SEPARATOR ','))"
                            + " FROM machines m JOIN machine_addresses a ON a.machine_id = m.id"
                            + " GROUP BY m.id ORDER BY m.mac_address"));
            assertEquals(
                    List.of("1 02:00:00:00:00:01", "2 02:00:00:00:00:01", "7 02:00:00:00:00:05"),
                    db.rows("SELECT CONCAT(s.id, ' ', m.mac_address) FROM server_actions s"
                            + " JOIN machines m ON m.id = s.machine_id ORDER BY s.id"),
                    "the actions of the machines made are theirs");
            assertEquals(
                    List.of("3", "4", "5", "6"),
                    db.rows("SELECT id FROM server_actions WHERE machine_id IS NULL ORDER BY id"),
                    "what was not guessed is left for the operator (README's query)");
            assertEquals(
                    List.of("operator DNS_ZONES_LIST,CUSTOMERS_CREATE,MACHINES_CRUD", "b DNS_ZONES_LIST"),
                    db.rows("SELECT CONCAT(username, ' ', right_keys) FROM users ORDER BY id"));
            assertEquals(
                    List.of("1 CUSTOMERS_CREATE,MACHINES_CRUD", "2 "),
                    db.rows("SELECT CONCAT(id, ' ', right_keys) FROM api_tokens ORDER BY id"));
        }
    }
}
