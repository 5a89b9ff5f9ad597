package net.hostingapi.platform.database.control;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;

/**
 * The MariaDB server a connection reached, as it names itself: its host name and port, and on a
 * Galera cluster its state there. Asked with SHOW only: a Galera node outside the primary
 * component refuses every other statement, and this must still say so.
 *
 * @param node the server's {@code hostname:port}
 * @param galera null on a server without Galera; else {@code wsrep_cluster_status},
 *     {@code wsrep_local_state_comment} and the cluster's size, as in "Primary, Synced, 3 nodes"
 * @param ready false on a Galera node that takes no work ({@code wsrep_ready} OFF, outside the
 *     primary component): the service cannot write there
 */
public record DatabaseNode(String node, String galera, boolean ready) {

    public static DatabaseNode of(Connection connection) throws SQLException {
        Map<String, String> values = new HashMap<>();
        try (Statement statement = connection.createStatement()) {
            read(statement, "SHOW VARIABLES WHERE Variable_name IN ('hostname', 'port', 'wsrep_on')", values);
            if ("ON".equalsIgnoreCase(values.get("wsrep_on"))) {
                read(
                        statement,
                        "SHOW STATUS WHERE Variable_name IN ('wsrep_ready', 'wsrep_cluster_status',"
                                + " 'wsrep_local_state_comment', 'wsrep_cluster_size')",
                        values);
            }
        }
        String node = values.get("hostname") + ":" + values.get("port");
        if (!"ON".equalsIgnoreCase(values.get("wsrep_on"))) {
            return new DatabaseNode(node, null, true);
        }
        String galera = values.get("wsrep_cluster_status") + ", " + values.get("wsrep_local_state_comment") + ", "
                + values.get("wsrep_cluster_size") + " nodes";
        return new DatabaseNode(
                node,
                galera,
                "ON".equalsIgnoreCase(values.get("wsrep_ready"))
                        && "Primary".equals(values.get("wsrep_cluster_status")));
    }

    private static void read(Statement statement, String show, Map<String, String> into) throws SQLException {
        try (ResultSet rows = statement.executeQuery(show)) {
            while (rows.next()) {
                into.put(rows.getString(1).toLowerCase(java.util.Locale.ROOT), rows.getString(2));
            }
        }
    }
}
