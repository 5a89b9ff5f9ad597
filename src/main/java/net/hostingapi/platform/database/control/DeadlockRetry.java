package net.hostingapi.platform.database.control;

import jakarta.annotation.Priority;
import jakarta.annotation.Resource;
import jakarta.interceptor.AroundInvoke;
import jakarta.interceptor.Interceptor;
import jakarta.interceptor.InvocationContext;
import jakarta.persistence.OptimisticLockException;
import jakarta.transaction.Status;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;
import java.util.logging.Logger;
import javax.transaction.xa.XAException;

/**
 * A deadlock (MariaDB 1213) or a lock wait timeout (1205) between the service's own
 * transactions is not the client's conflict, nor is a Galera cluster's certification failure
 * (1213 too: another node committed a write of the same row first): the database rolled the
 * loser back, so the whole
 * transaction is run again, at most {@link #ATTEMPTS} times and none begun later than
 * {@link #REPEAT_WITHIN_NANOS} after the first, before anything is answered. This
 * runs outside the transaction boundary (the container transaction starts and ends inside the
 * intercepted call), and repeats nothing when a transaction is still open around it: then the
 * lost work would not be the whole transaction. An optimistic lock failure is repeated too: every
 * writer of a versioned row holds its lock first, so on one server none occurs; on a Galera node
 * one does when another node's commit of the row is applied between the lock and the read of the
 * entity (seen in GaleraIT as 409s). A client's own conflict is answered by If-Match (412).
 */
@RetryOnDeadlock
@Interceptor
@Priority(Interceptor.Priority.PLATFORM_BEFORE + 100)
public class DeadlockRetry {

    /**
     * Ten: while a Galera node stalls and after, one addition lost six races in a row under four
     * writers of one zone (a 409 in GaleraIT); the pauses between add up to about four seconds.
     */
    public static final int ATTEMPTS = 10;

    /**
     * No repeat begins later than this after the first attempt began. A lost session is repeated
     * because the driver usually reconnected to a healthy node; when none is healthy (a Galera
     * node alone without quorum, the others frozen), one attempt costs the socket timeout and the
     * driver's connects to every node (seen: over 20 s), and a repeat would only double the wait
     * for the same 503 (GaleraIT: writes past 30 s).
     */
    static final long REPEAT_WITHIN_NANOS = java.util.concurrent.TimeUnit.SECONDS.toNanos(8);

    private static final Logger LOG = Logger.getLogger(DeadlockRetry.class.getName());

    @Resource
    TransactionSynchronizationRegistry transactions;

    @AroundInvoke
    Object retry(InvocationContext call) throws Exception {
        long began = System.nanoTime();
        for (int attempt = 1; ; attempt++) {
            try {
                return call.proceed();
            } catch (Exception e) {
                if (!mayRepeat(attempt, began, System.nanoTime(), e)
                        || transactions.getTransactionStatus() != Status.STATUS_NO_TRANSACTION) {
                    throw e;
                }
                pause(
                        call.getMethod().getDeclaringClass().getSimpleName() + "."
                                + call.getMethod().getName(),
                        attempt,
                        e);
            }
        }
    }

    /**
     * {@code work}, a call of a container transaction made outside any, repeated as the
     * interceptor repeats a resource's call: for callers that are no resource (the DNS listener).
     */
    public static <T> T repeated(String what, Supplier<T> work) {
        long began = System.nanoTime();
        for (int attempt = 1; ; attempt++) {
            try {
                return work.get();
            } catch (RuntimeException e) {
                if (!mayRepeat(attempt, began, System.nanoTime(), e)) {
                    throw e;
                }
                try {
                    pause(what, attempt, e);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
            }
        }
    }

    private static void pause(String what, int attempt, Exception lost) throws InterruptedException {
        LOG.info(() -> "Transaction of " + what + " lost a lock race or its session, attempt " + attempt
                + ", repeating it: " + rootMessage(lost));
        // a short random pause, so that the two losers of one race do not meet again (at most 640 ms)
        Thread.sleep(ThreadLocalRandom.current().nextLong(5, 20L << Math.min(attempt, 5)));
    }

    /** Whether attempt number {@code attempt}, begun with the first at {@code began}, is followed by another. */
    static boolean mayRepeat(int attempt, long began, long now, Throwable thrown) {
        return attempt < ATTEMPTS && now - began < REPEAT_WITHIN_NANOS && repeatable(thrown);
    }

    /**
     * Whether the transaction that threw {@code thrown} rolled back whole and may run again: it lost
     * a lock race, it lost the database session it began on before anything of it committed
     * ({@link SessionContinuity}), or its node failed in the middle of it (a statement, not the
     * commit: MariaDB Connector/J then says the transaction in progress was lost and reconnects
     * to another node of the URL; in the benchmark on Galera a read that outlasted the socket
     * timeout was answered 503 so). Never a failed commit, whose outcome is unknown.
     */
    static boolean repeatable(Throwable thrown) {
        return lostLockRace(thrown) || lostSession(thrown) || lostBeforeCommit(thrown);
    }

    private static boolean lostSession(Throwable thrown) {
        for (Throwable cause = thrown; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof SessionContinuity.SessionLost) {
                return true;
            }
        }
        return false;
    }

    /** The driver lost the transaction in a statement, and nothing in the chain speaks of a commit. */
    private static boolean lostBeforeCommit(Throwable thrown) {
        boolean lost = false;
        for (Throwable cause = thrown; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            String message = String.valueOf(cause.getMessage());
            if (message.contains("COMMIT")) {
                return false;
            }
            lost |= cause instanceof SQLTransientConnectionException sql
                    && "25S03".equals(sql.getSQLState())
                    && message.contains(TRANSACTION_LOST);
        }
        return lost;
    }

    /** What MariaDB Connector/J says when a connection failed in a transaction that had not committed. */
    static final String TRANSACTION_LOST = "In progress transaction was lost";

    /**
     * A deadlock or lock wait timeout anywhere in the chain (EJB, JPA and EclipseLink wrap the
     * driver's error). One that ended the commit (a Galera certification failure) reaches us as
     * the transaction manager's XAException, which carries the driver's error only in its message.
     */
    public static boolean lostLockRace(Throwable thrown) {
        for (Throwable cause = thrown; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof SQLException sql && isLockRace(sql)) {
                return true;
            }
            if (cause instanceof OptimisticLockException
                    || cause.getClass()
                            .getName()
                            .equals("org.eclipse.persistence.exceptions.OptimisticLockException")) {
                return true;
            }
            if (cause instanceof XAException xa
                    && (xa.errorCode == XAException.XA_RBDEADLOCK
                            || String.valueOf(xa.getMessage()).contains(DEADLOCK_MESSAGE))) {
                return true;
            }
        }
        return false;
    }

    /** MariaDB's text of error 1213 (ER_LOCK_DEADLOCK), which a Galera certification failure answers too. */
    static final String DEADLOCK_MESSAGE = "Deadlock found when trying to get lock";

    /** MariaDB: 1213 deadlock, 1205 lock wait timeout; 40001 the standard's serialization failure. */
    public static boolean isLockRace(SQLException sql) {
        return sql.getErrorCode() == 1213 || sql.getErrorCode() == 1205 || "40001".equals(sql.getSQLState());
    }

    private static String rootMessage(Throwable thrown) {
        Throwable root = thrown;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getClass().getSimpleName() + ": " + root.getMessage();
    }
}
