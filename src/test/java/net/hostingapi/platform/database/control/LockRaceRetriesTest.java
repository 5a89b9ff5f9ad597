package net.hostingapi.platform.database.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every resource repeats a transaction that lost a lock race ({@link RetryOnDeadlock}): on a
 * Galera cluster any write can lose one to another node at commit (certification failure, 1213),
 * and a client must see that neither as 409 nor as 5xx (issue 61). A resource added without it
 * fails here.
 */
class LockRaceRetriesTest {

    private static final Pattern RESOURCE = Pattern.compile("^@Path\\(", Pattern.MULTILINE);

    @Test
    void everyResourceRepeatsALostLockRace() throws IOException {
        List<String> resources;
        try (Stream<Path> files = Files.walk(Path.of("src/main/java"))) {
            resources = files.filter(f -> f.toString().endsWith(".java"))
                    .filter(f -> {
                        try {
                            return RESOURCE.matcher(Files.readString(f)).find();
                        } catch (IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    })
                    .map(f -> Path.of("src/main/java").relativize(f).toString())
                    .map(f -> f.substring(0, f.length() - ".java".length()).replace('/', '.'))
                    .sorted()
                    .toList();
        }
        assertTrue(resources.size() >= 15, "resources found: " + resources);
        List<String> without = resources.stream()
                .filter(name -> {
                    try {
                        return !Class.forName(name).isAnnotationPresent(RetryOnDeadlock.class);
                    } catch (ClassNotFoundException e) {
                        throw new AssertionError(name, e);
                    }
                })
                .toList();
        assertEquals(List.of(), without, "resources that answer a lost lock race instead of repeating it");
    }

    @Test
    void aCertificationFailureIsALockRace() {
        // what MariaDB Connector/J reports when Galera refuses a commit another node's write set beat
        var certification = new java.sql.SQLTransactionRollbackException(
                "Deadlock found when trying to get lock; try restarting transaction", "40001", 1213);
        assertTrue(DeadlockRetry.lostLockRace(new RuntimeException(new IllegalStateException(certification))));
        // at commit: Payara's transaction manager hands on the failed local commit as an XAException
        // whose message alone names the driver's error (seen on a three-node cluster)
        var atCommit = new jakarta.ejb.EJBException(
                "Unable to complete container-managed transaction.",
                new javax.transaction.xa.XAException("jakarta.resource.spi.LocalTransactionException: (conn=11)"
                        + " Deadlock found when trying to get lock; try restarting transaction"));
        assertTrue(DeadlockRetry.lostLockRace(atCommit));
        // a Galera node applied another node's commit of the zone between its lock and its read
        assertTrue(DeadlockRetry.lostLockRace(new jakarta.ejb.EJBTransactionRolledbackException(
                "rolled back", new jakarta.persistence.OptimisticLockException("version changed"))));
        assertTrue(!DeadlockRetry.lostLockRace(new jakarta.ejb.EJBException(
                "Unable to complete container-managed transaction.",
                new javax.transaction.xa.XAException("(conn=11) Connection reset"))));
        assertTrue(!DeadlockRetry.repeatable(new jakarta.ejb.EJBException(
                "Unable to complete container-managed transaction.",
                new javax.transaction.xa.XAException("(conn=11) Connection reset"))));
        int[] calls = {0};
        assertEquals("done", DeadlockRetry.repeated("test", () -> {
            if (++calls[0] < 3) {
                throw new RuntimeException(certification);
            }
            return "done";
        }));
        assertEquals(3, calls[0]);
    }

    @Test
    void aTransactionLostBeforeItsCommitIsRepeatedAFailedCommitNever() {
        // the driver moved a connection whose node failed during a statement to another node
        var lost = new java.sql.SQLTransientConnectionException(
                "Driver has reconnect connection after a communications link failure with 127.0.0.1:31827."
                        + " In progress transaction was lost",
                "25S03");
        assertTrue(DeadlockRetry.repeatable(new jakarta.ejb.EJBException(new RuntimeException(lost))));
        // ... and during the COMMIT: whether it committed is unknown, so it is answered (503), not repeated
        var atCommit = new java.sql.SQLTransientConnectionException(
                "Driver has reconnect connection after a communications failure with 127.0.0.1:31827 during a"
                        + " COMMIT statement",
                "25S03");
        assertTrue(!DeadlockRetry.repeatable(new jakarta.ejb.EJBException(
                "Unable to complete container-managed transaction.",
                new javax.transaction.xa.XAException(
                        "jakarta.resource.spi.LocalTransactionException: " + atCommit.getMessage()))));
        assertTrue(!DeadlockRetry.repeatable(new RuntimeException(atCommit)));
        // a lock race stays one to repeat whatever else the chain says, a commit named in it too
        assertTrue(DeadlockRetry.repeatable(new RuntimeException(
                "COMMIT refused",
                new java.sql.SQLTransactionRollbackException(
                        "Deadlock found when trying to get lock; try restarting transaction", "40001", 1213))));
        // a reconnection outside any transaction (after a commit) says nothing lost: not repeated
        assertTrue(!DeadlockRetry.repeatable(new RuntimeException(new java.sql.SQLTransientConnectionException(
                "Driver has reconnect connection after a communications link failure with 127.0.0.1:31827", "25S03"))));
        // SessionContinuity found the savepoint gone: the transaction rolled back whole
        assertTrue(DeadlockRetry.repeatable(new jakarta.ejb.EJBTransactionRolledbackException(
                "rolled back",
                new RuntimeException(new SessionContinuity.SessionLost(new java.sql.SQLSyntaxErrorException(
                        "SAVEPOINT hostingapi_began does not exist", "42000", 1305))))));
    }

    @Test
    void noRepeatBeginsOnceTheTimeForRepeatsIsSpent() {
        var lost = new java.sql.SQLTransientConnectionException(
                "Driver has reconnect connection after a communications link failure with 127.0.0.1:31827."
                        + " In progress transaction was lost",
                "25S03");
        long began = 1_000_000_000L;
        assertTrue(DeadlockRetry.mayRepeat(1, began, began + 1_000_000L, lost));
        assertTrue(DeadlockRetry.mayRepeat(
                DeadlockRetry.ATTEMPTS - 1, began, began + DeadlockRetry.REPEAT_WITHIN_NANOS - 1, lost));
        // a lost session whose attempt took the driver's tour of every node (no quorum anywhere): answered now
        assertTrue(!DeadlockRetry.mayRepeat(2, began, began + DeadlockRetry.REPEAT_WITHIN_NANOS, lost));
        assertTrue(!DeadlockRetry.mayRepeat(DeadlockRetry.ATTEMPTS, began, began + 1_000_000L, lost));
        assertTrue(!DeadlockRetry.mayRepeat(1, began, began + 1_000_000L, new IllegalStateException("no race")));
    }
}
