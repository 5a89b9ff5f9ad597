package net.hostingapi.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Every URL the MariaDB driver accepts names its database to the run command (issue 61: a URL of a cluster's nodes was refused). */
class DatabaseUrlTest {

    @Test
    void oneHost() {
        EmbeddedMariaDb.DatabaseUrl url = EmbeddedMariaDb.DatabaseUrl.of(
                "jdbc:mariadb://127.0.0.1:3306/hostingapi?user=root&useServerPrepStmts=true");
        assertEquals("hostingapi", url.database());
        assertTrue(url.server().startsWith("jdbc:mariadb://127.0.0.1"), url.server()); // 3306 is the default
        assertFalse(url.server().contains("hostingapi"), url.server());
        assertTrue(url.server().contains("user=root"), url.server());
    }

    @Test
    void aPasswordInTheUrlStaysIt() {
        EmbeddedMariaDb.DatabaseUrl url = EmbeddedMariaDb.DatabaseUrl.of(
                "jdbc:mariadb://localhost:3307/db?user=u&password=secret&connectTimeout=5000");
        assertEquals("jdbc:mariadb://localhost:3307/?user=u&password=secret&connectTimeout=5000", url.server());
    }

    @Test
    void theNodesOfACluster() {
        for (String mode : new String[] {"sequential", "loadbalance"}) {
            EmbeddedMariaDb.DatabaseUrl url = EmbeddedMariaDb.DatabaseUrl.of(
                    "jdbc:mariadb:" + mode + "://127.0.0.1:33061,127.0.0.1:33063,127.0.0.1:33062/bars_galera");
            assertEquals("bars_galera", url.database());
            assertTrue(url.server().startsWith("jdbc:mariadb:" + mode + "://"), url.server());
            for (String node : new String[] {"127.0.0.1:33061", "127.0.0.1:33062", "127.0.0.1:33063"}) {
                assertTrue(url.server().contains(node), url.server());
            }
            assertFalse(url.server().contains("bars_galera"), url.server());
        }
    }

    @Test
    void theDriverGivesUpOnAClusterWithoutQuorumWithinBounds() {
        String cluster = EmbeddedMariaDb.withDriverOptions(
                "jdbc:mariadb:sequential://127.0.0.1:33061,127.0.0.1:33062/db?galeraAllowedState=4", "3000", "5000");
        // the driver counts each node it tries: one round over the nodes
        assertTrue(cluster.contains("&retriesAllDown=2"), cluster);
        String three = EmbeddedMariaDb.withDriverOptions("jdbc:mariadb:sequential://h1,h2,h3/db", "3000", "5000");
        assertTrue(three.contains("&retriesAllDown=3"), three);
        assertTrue(cluster.contains("&socketTimeout=5000"), cluster);
        // the server's prepared statements belong to one node's session: a moved connection must not use them
        assertTrue(cluster.contains("&useServerPrepStmts=false"), cluster);
        String named = EmbeddedMariaDb.withDriverOptions(
                "jdbc:mariadb:loadbalance://h1,h2/db?retriesAllDown=5", "3000", "5000");
        assertFalse(named.contains("retriesAllDown=2"), named);
        String one = EmbeddedMariaDb.withDriverOptions("jdbc:mariadb://127.0.0.1:3306/db", "3000", "5000");
        assertFalse(one.contains("retriesAllDown"), one);
        assertTrue(one.contains("useServerPrepStmts=true"), one);
    }

    @Test
    void aClusterNodeThatDoesNotAnswerCostsLessTimeThanOneServer() {
        assertEquals("1000", EmbeddedMariaDb.defaultConnectTimeoutMillis("jdbc:mariadb:sequential://h1,h2,h3/db"));
        assertEquals("1000", EmbeddedMariaDb.defaultConnectTimeoutMillis("jdbc:mariadb:loadbalance://h1,h2/db"));
        assertEquals("3000", EmbeddedMariaDb.defaultConnectTimeoutMillis("jdbc:mariadb://127.0.0.1:3306/db"));
    }

    @Test
    void noDatabaseOrNoMariaDbUrlIsSaidSo() {
        assertThrows(
                IllegalArgumentException.class, () -> EmbeddedMariaDb.DatabaseUrl.of("jdbc:mariadb://127.0.0.1:3306/"));
        assertThrows(IllegalArgumentException.class, () -> EmbeddedMariaDb.DatabaseUrl.of("jdbc:mysql://127.0.0.1/x"));
        assertThrows(
                IllegalArgumentException.class,
                () -> EmbeddedMariaDb.DatabaseUrl.of("jdbc:mariadb://127.0.0.1/bad-name"));
    }
}
