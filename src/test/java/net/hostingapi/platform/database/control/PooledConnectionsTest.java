package net.hostingapi.platform.database.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTransactionRollbackException;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/** What goes back to the pool: a connection the database dropped is aborted before it is closed. */
class PooledConnectionsTest {

    /** The calls the code made on the one connection the data source hands out. */
    private final List<String> calls = new ArrayList<>();

    private final Connection connection = (Connection) Proxy.newProxyInstance(
            Connection.class.getClassLoader(), new Class<?>[] {Connection.class}, (proxy, method, args) -> {
                calls.add(method.getName());
                return null;
            });

    private final DataSource database = (DataSource) Proxy.newProxyInstance(
            DataSource.class.getClassLoader(), new Class<?>[] {DataSource.class}, (proxy, method, args) -> {
                if (method.getName().equals("getConnection")) {
                    return connection;
                }
                throw new UnsupportedOperationException(method.getName());
            });

    @Test
    void aConnectionThatWorkedIsClosedOnly() throws SQLException {
        assertEquals("done", PooledConnections.use(database, c -> "done"));
        assertEquals(List.of("close"), calls);
    }

    @Test
    void aLostConnectionIsAbortedBeforeItIsClosed() {
        SQLException lost = new SQLNonTransientConnectionException("(conn=468) Socket error", "08000");
        SQLException thrown = assertThrows(
                SQLException.class,
                () -> PooledConnections.use(database, c -> {
                    throw lost;
                }));
        assertSame(lost, thrown);
        assertEquals(List.of("abort", "close"), calls);
    }

    @Test
    void aConnectionExceptionByItsStateAloneIsAborted() {
        assertThrows(
                SQLException.class,
                () -> PooledConnections.use(database, c -> {
                    throw new SQLException("Communications link failure", "08S01");
                }));
        assertEquals(List.of("abort", "close"), calls);
    }

    @Test
    void aFailedStatementKeepsItsConnection() {
        assertThrows(
                SQLException.class,
                () -> PooledConnections.use(database, c -> {
                    throw new SQLIntegrityConstraintViolationException("Duplicate entry", "23000", 1062);
                }));
        assertThrows(
                SQLException.class,
                () -> PooledConnections.use(database, c -> {
                    throw new SQLTransactionRollbackException("Deadlock found", "40001", 1213);
                }));
        assertEquals(List.of("close", "close"), calls);
    }

    @Test
    void aNullPointerOfOurOwnIsNoLostConnection() {
        NullPointerException ours = new NullPointerException("a bug of ours");
        assertSame(
                ours,
                assertThrows(
                        NullPointerException.class,
                        () -> PooledConnections.use(database, c -> {
                            throw ours;
                        })));
        assertEquals(List.of("close"), calls);
    }
}
