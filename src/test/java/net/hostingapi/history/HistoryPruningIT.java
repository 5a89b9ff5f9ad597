package net.hostingapi.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.enterprise.inject.spi.CDI;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import javax.sql.DataSource;
import net.hostingapi.history.control.HistoryPruning;
import net.hostingapi.support.Deployments;
import net.hostingapi.support.ServiceTest;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;

/** In the container: the hourly pruning drops entries older than HISTORY_DAYS (90 here) and keeps the rest. */
@ServiceTest
class HistoryPruningIT {

    @Deployment
    static WebArchive deployment() {
        return Deployments.service().addClass(HistoryPruningIT.class);
    }

    @Test
    void entriesOlderThanTheKeptDaysArePruned() throws Exception {
        String zone = "pruned-" + System.nanoTime() + ".example";
        try (Connection connection = dataSource().getConnection()) {
            long account = single(connection, "SELECT MIN(id) FROM accounts");
            for (int age : new int[] {91, 120, 89, 0}) {
                try (PreparedStatement insert = connection.prepareStatement(
                        "INSERT INTO zone_history (account_id, zone_id, zone_name, created_at, operation, added, removed, settings)"
                                + " VALUES (?, 0, ?, UTC_TIMESTAMP() - INTERVAL ? DAY, 'update', '[]', '[]', '{}')")) {
                    insert.setLong(1, account);
                    insert.setString(2, zone);
                    insert.setInt(3, age);
                    insert.executeUpdate();
                }
            }
            assertTrue(CDI.current().select(HistoryPruning.class).get().prune() >= 2);
            assertEquals(
                    2,
                    single(connection, "SELECT COUNT(*) FROM zone_history WHERE zone_name = '" + zone + "'"),
                    "the entries of 89 and 0 days stay");
            assertEquals(
                    0,
                    single(
                            connection,
                            "SELECT COUNT(*) FROM zone_history WHERE zone_name = '" + zone
                                    + "' AND created_at < UTC_TIMESTAMP() - INTERVAL 90 DAY"));
        }
    }

    private static long single(Connection connection, String sql) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement(sql);
                ResultSet row = query.executeQuery()) {
            row.next();
            return row.getLong(1);
        }
    }

    private static DataSource dataSource() throws NamingException {
        return (DataSource) new InitialContext().lookup("jdbc/hosting");
    }
}
