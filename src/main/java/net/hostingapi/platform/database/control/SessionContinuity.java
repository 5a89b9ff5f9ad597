package net.hostingapi.platform.database.control;

import jakarta.annotation.Priority;
import jakarta.annotation.Resource;
import jakarta.interceptor.AroundInvoke;
import jakarta.interceptor.AroundTimeout;
import jakarta.interceptor.Interceptor;
import jakarta.interceptor.InvocationContext;
import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.sql.Statement;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * On a Galera node a transaction commits only as the one it began as. A node aborts a local
 * transaction whose rows a write set replicated from another node needs ("brute force" abort)
 * even while its client sits between two statements; the client learns of it from the error of
 * its next command. When that command is a ping (a pool validating the connection, {@code
 * Connection.isValid}), the error is spent on an answer nobody reads, and the statements after it
 * run in a new transaction, which commits: the end of a change without its beginning (GaleraIT: an
 * acknowledged addition whose history entry was stored but neither its records nor its zone's new
 * serial; a probe showed the ping spend the abort). A connection the driver moved to another node,
 * or the pool replaced, would lose the beginning the same way. So a transaction sets a savepoint
 * when the first bean call begins its work, and releases it after its last statement (the
 * synchronizations' flushes): a savepoint the session no longer knows rolls the transaction back
 * ({@link SessionLost}), and it is repeated whole ({@link DeadlockRetry}). Before the savepoint,
 * the transaction waits until its node has caught up with the cluster ({@link #CAUSAL_START}).
 * Three more round trips per transaction, spent only on Galera: on one server a deadlock or lock
 * wait fails the statement that waits, and every read sees every commit. Bound to every enterprise bean (ejb-jar.xml), and to CDI {@code @Transactional}
 * methods by {@link CheckedSession} (inside their transaction: after the platform's interceptor);
 * nested calls pass through.
 */
@CheckedSession
@Interceptor
@Priority(Interceptor.Priority.PLATFORM_BEFORE + 250)
public class SessionContinuity {

    private static final Logger LOG = Logger.getLogger(SessionContinuity.class.getName());

    /** The key under which a transaction notes that it is watched. */
    private static final Object KEY = SessionContinuity.class;

    private static final String SAVEPOINT = "hostingapi_began";

    /** Whether the database is a Galera node: asked once. */
    private static volatile Boolean galera;

    @Resource
    TransactionSynchronizationRegistry transactions;

    @Resource(lookup = "jdbc/hosting")
    DataSource database;

    @AroundInvoke
    Object invoke(InvocationContext call) throws Exception {
        return watched(call);
    }

    @AroundTimeout
    Object timeout(InvocationContext call) throws Exception {
        return watched(call);
    }

    private Object watched(InvocationContext call) throws Exception {
        if (Boolean.FALSE.equals(galera)) {
            return call.proceed(); // one server: nothing to do on any call
        }
        if (transactions.getTransactionKey() == null
                || transactions.getTransactionStatus() != Status.STATUS_ACTIVE
                || transactions.getResource(KEY) != null) {
            return call.proceed();
        }
        transactions.putResource(KEY, Boolean.TRUE);
        Connection began;
        try {
            began = begin();
        } catch (SQLException e) {
            if (galera == null) {
                // not known yet, the database unreachable: the call answers for itself
                return call.proceed();
            }
            throw e; // the call would wait for the database once more to fail the same way
        }
        if (began != null) {
            // before the call, so that a call that fails leaves its connection reset too
            transactions.registerInterposedSynchronization(new Reset(began));
        }
        Object result = call.proceed();
        if (began != null && transactions.getTransactionStatus() == Status.STATUS_ACTIVE) {
            // registered after the call: after EclipseLink's and the observers' synchronizations, whose
            // beforeCompletion issues the transaction's last statements
            transactions.registerInterposedSynchronization(new Check(began));
        }
        return result;
    }

    /**
     * The savepoint set in the transaction's connection (enlisting it), and that connection
     * itself, below the pool's handle: at beforeCompletion the pool hands out another one. Null
     * where no savepoint is needed.
     */
    private Connection begin() throws SQLException {
        try (Connection handle = database.getConnection()) {
            if (!galera(handle) || handle.getAutoCommit()) {
                return null;
            }
            try (Statement start = handle.createStatement()) {
                requireFreshStart(start);
                start.execute("SAVEPOINT " + SAVEPOINT);
            }
            return handle.getMetaData().getConnection();
        }
    }

    /**
     * The transaction's first statement: it waits until this node has applied every write set the
     * cluster ordered before it (wsrep_sync_wait for this statement, whatever DB_URL sets), and asks
     * whether the session is already inside a transaction. A node behind the cluster would otherwise
     * answer the transaction's reads from before a change another node acknowledged: a deletion
     * found nothing to delete and answered 200 while the records stayed (GaleraIT in CI). A node
     * waits only for a transaction's first read, so this one must come before any other. A session
     * already in a transaction would read from a view opened before this one began and not wait at
     * all: rolled back ({@link SessionLost}) and repeated on a session that starts clean.
     */
    private static void requireFreshStart(Statement start) throws SQLException {
        try (ResultSet open = start.executeQuery(CAUSAL_START)) {
            if (open.next() && open.getInt(1) != 0) {
                LOG.warning("A transaction began on a session already inside another; rolled back to be repeated");
                throw new SessionLost(new SQLException(
                        "the session was already inside a transaction when this one began", "25001", IN_TRANSACTION));
            }
        }
    }

    static final String CAUSAL_START = "SET STATEMENT wsrep_sync_wait = 1 FOR SELECT @@in_transaction";

    /** MariaDB's error for a statement not allowed inside a transaction: the code the warning above reports. */
    private static final int IN_TRANSACTION = 1179;

    private static boolean galera(Connection connection) throws SQLException {
        Boolean known = galera;
        if (known == null) {
            try (Statement query = connection.createStatement();
                    ResultSet on = query.executeQuery("SELECT @@wsrep_on")) {
                known = on.next() && on.getBoolean(1);
            } catch (SQLException e) {
                if (e.getErrorCode() != UNKNOWN_SYSTEM_VARIABLE) {
                    throw e;
                }
                known = false; // a MariaDB built without Galera
            }
            galera = known;
        }
        return known;
    }

    private static final int UNKNOWN_SYSTEM_VARIABLE = 1193;

    /** After the transaction's last statements: is its savepoint still there? */
    private static final class Check implements Synchronization {

        private final Connection connection;

        Check(Connection connection) {
            this.connection = connection;
        }

        @Override
        public void beforeCompletion() {
            try (Statement release = connection.createStatement()) {
                release.execute("RELEASE SAVEPOINT " + SAVEPOINT);
            } catch (SQLException e) {
                LOG.warning("A transaction lost its beginning (aborted by the cluster or its connection moved) and"
                        + " is rolled back to be repeated: " + e.getErrorCode() + " " + e.getMessage());
                throw new SessionLost(e);
            }
        }

        @Override
        public void afterCompletion(int status) {}
    }

    /**
     * A failed commit leaves the connection as the transaction had it. Payara's local transaction
     * turns autocommit back on only after a commit that succeeded, and rolls nothing back when the
     * commit fails (on Galera a certification failure fails the COMMIT itself): the pool then
     * handed out a connection without autocommit, whose next reader outside a transaction opened a
     * view that stayed open, stale, for whoever took the connection after it (GaleraIT counted 30
     * transactions begun inside another in 12 kill cycles; 1 with this reset after the commit only).
     * Interposed synchronizations complete before the pool takes the connection back.
     */
    private static final class Reset implements Synchronization {

        private final Connection connection;

        Reset(Connection connection) {
            this.connection = connection;
        }

        @Override
        public void beforeCompletion() {}

        @Override
        public void afterCompletion(int status) {
            if (status == Status.STATUS_COMMITTED) {
                return;
            }
            try {
                if (!connection.getAutoCommit()) {
                    connection.rollback();
                    connection.setAutoCommit(true);
                }
            } catch (SQLException e) {
                LOG.fine(() -> "A failed transaction's connection not reset: " + e.getMessage());
            }
        }
    }

    /**
     * The transaction's first statements are no longer in the transaction that would commit: none
     * of it committed, and it may be repeated whole.
     */
    public static final class SessionLost extends RuntimeException {
        SessionLost(SQLException why) {
            super(
                    "the transaction lost its beginning: " + why.getMessage(),
                    new SQLTransientConnectionException(why.getMessage(), "08S01", why.getErrorCode(), why));
        }
    }
}
