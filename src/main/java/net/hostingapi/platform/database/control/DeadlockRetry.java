package net.hostingapi.platform.database.control;

import jakarta.annotation.Priority;
import jakarta.annotation.Resource;
import jakarta.interceptor.AroundInvoke;
import jakarta.interceptor.Interceptor;
import jakarta.interceptor.InvocationContext;
import jakarta.transaction.Status;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.sql.SQLException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.logging.Logger;

/**
 * A deadlock (MariaDB 1213) or a lock wait timeout (1205) between the service's own
 * transactions is not the client's conflict: the database rolled the loser back, so the whole
 * transaction is run again, at most {@link #ATTEMPTS} times, before anything is answered. This
 * runs outside the transaction boundary (the container transaction starts and ends inside the
 * intercepted call), and repeats nothing when a transaction is still open around it: then the
 * lost work would not be the whole transaction. Optimistic lock failures are not retried: they
 * are real conflicts between clients (409).
 */
@RetryOnDeadlock
@Interceptor
@Priority(Interceptor.Priority.PLATFORM_BEFORE + 100)
public class DeadlockRetry {

    static final int ATTEMPTS = 4;

    private static final Logger LOG = Logger.getLogger(DeadlockRetry.class.getName());

    @Resource
    TransactionSynchronizationRegistry transactions;

    @AroundInvoke
    Object retry(InvocationContext call) throws Exception {
        for (int attempt = 1; ; attempt++) {
            try {
                return call.proceed();
            } catch (Exception e) {
                if (attempt >= ATTEMPTS
                        || !lostLockRace(e)
                        || transactions.getTransactionStatus() != Status.STATUS_NO_TRANSACTION) {
                    throw e;
                }
                int current = attempt;
                LOG.info(() ->
                        "Transaction of " + call.getMethod().getDeclaringClass().getSimpleName() + "."
                                + call.getMethod().getName() + " lost a lock race, attempt " + current
                                + ", repeating it: " + rootMessage(e));
                // a short random pause, so that the two losers of one race do not meet again
                Thread.sleep(ThreadLocalRandom.current().nextLong(5, 20L << attempt));
            }
        }
    }

    /** A deadlock or lock wait timeout anywhere in the chain (EJB, JPA and EclipseLink wrap the driver's error). */
    public static boolean lostLockRace(Throwable thrown) {
        for (Throwable cause = thrown; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof SQLException sql && isLockRace(sql)) {
                return true;
            }
        }
        return false;
    }

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
