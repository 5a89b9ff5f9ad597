package net.hostingapi.nameserver.control;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.EJB;
import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.PersistenceException;
import jakarta.transaction.Transactional;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;
import net.hostingapi.nameserver.entity.PendingPublication;
import net.hostingapi.platform.database.control.CheckedSession;
import net.hostingapi.platform.database.control.DeadlockRetry;
import net.hostingapi.platform.database.control.PooledConnections;
import net.hostingapi.platform.database.control.SchemaMigration;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.metrics.MetricRegistry;

/**
 * Publishes what the outbox holds: right after each commit (nudged by {@link PublicationNudges}) and every
 * two seconds for retries and for what other instances left (one that died, or one that was busy
 * with the name). Entries of one name are handled together (the nameserver gets the name's
 * current state once); a failure keeps them and backs off, so a nameserver that was down catches
 * up by itself when it returns. Every instance on the database runs one; {@link
 * ZoneSync#publishPending} keeps two from publishing one name at once.
 */
@Singleton
@Startup
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
// No transaction around a drain: the timer's would have held every row lock taken by OutboxEntries
// (joined, not their own) for the whole drain; another instance's publisher waiting for such a lock
// while this drain waited for that publisher's name lock stalled both until the socket timeout.
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class PublicationWorker {

    private static final Logger LOG = Logger.getLogger(PublicationWorker.class.getName());
    /**
     * Due entries a round reads: the entries of names paced for a later round stay first in line,
     * so the batch holds some rounds of a busy service's changes (300 a second leave 150 a round).
     */
    private static final int BATCH = 1_000;

    /**
     * Due names per publisher of a round: a backlog is published by several at once; a stream of
     * changes (at most 20 names a round at 300 additions a second on 20 zones, rounds half a
     * second apart) stays with one, its CPU spread over the round as before rather than in bursts
     * beside the requests.
     */
    static final int NAMES_PER_PUBLISHER = 50;

    @PersistenceContext
    EntityManager em;

    @EJB
    ZoneSync sync;

    @Inject
    OutboxEntries entries;

    @EJB
    SchemaMigration schema;

    @Inject
    MetricRegistry metrics;

    @Inject
    @ConfigProperty(name = "PUBLISH_RETRY_MAX_SECONDS", defaultValue = "60")
    long longestBackoff;

    @Inject
    PublicationNudges nudges;

    @Inject
    PublicationOutbox outbox;

    /** Whether this instance has yet to enter the catalog zone once (PublicationOutbox#enqueueCatalogAtStart). */
    private final AtomicBoolean catalogAtStart = new AtomicBoolean(true);

    /** Names published at once in a round, this thread and helpers from the executor. */
    @Inject
    @ConfigProperty(name = "PUBLISH_PARALLELISM", defaultValue = "4")
    int parallelism;

    @Resource
    ManagedExecutorService executor;

    @Inject
    @ConfigProperty(name = "PUBLISH_NAME_INTERVAL_MILLIS", defaultValue = "1000")
    long nameIntervalMillis;

    private NamePacing pacing;

    @PostConstruct
    void pace() {
        pacing = new NamePacing(nameIntervalMillis);
    }

    /** What a round of {@link #publishDue} left: nothing, a name another publisher held, a name paced for later. */
    public enum Outcome {
        DONE,
        SKIPPED,
        DEFERRED
    }

    @Schedule(second = "*/2", minute = "*", hour = "*", persistent = false)
    void retry() {
        schema.awaitMigrated();
        if (catalogAtStart.get()) {
            try {
                outbox.enqueueCatalogAtStart();
                catalogAtStart.set(false);
            } catch (RuntimeException e) {
                LOG.warning(() -> "The catalog zone is not entered for publication yet, will retry: " + e.getMessage());
            }
        }
        nudges.drain();
    }

    /**
     * Publishes the due names once (a drain of {@link PublicationNudges} calls it until nothing is due),
     * but a name whose changes come as a stream no more often than {@code PUBLISH_NAME_INTERVAL_MILLIS}
     * ({@link NamePacing}). A backlog goes out with up to {@code PUBLISH_PARALLELISM} publishers,
     * one for each {@value #NAMES_PER_PUBLISHER} names; the round ends when every name it took is done.
     *
     * @return {@link Outcome#SKIPPED} when another publisher held a name, else {@link Outcome#DEFERRED} when
     *     a name was paced for a later round, else {@link Outcome#DONE}
     */
    public Outcome publishDue() {
        Round round = new Round(entries.due(BATCH), System.nanoTime());
        List<Future<?>> helpers = new ArrayList<>();
        try {
            int publishers = Math.min(parallelism, (round.names + NAMES_PER_PUBLISHER - 1) / NAMES_PER_PUBLISHER);
            for (int i = 1; i < publishers; i++) {
                helpers.add(executor.submit(() -> publishFrom(round)));
            }
        } catch (RejectedExecutionException e) {
            // the executor is saturated: this thread publishes the round with the helpers it got
        }
        publishFrom(round);
        helpers.forEach(helper -> helper.cancel(false)); // one not started yet would find nothing left
        round.awaitPublishing();
        return round.outcome();
    }

    /**
     * The due names of a round, taken one by one by the threads that publish it, and what they
     * left. Several at once: publishing a name waits mostly for the nameserver (PowerDNS's answer,
     * its database's commit), and one name at a time kept PowerDNS 247 s behind the creation of
     * 10,000 zones while half of the machine's CPU stood idle.
     */
    private static final class Round {
        private final Iterator<Map.Entry<String, OutboxEntries.Due>> due;
        private final int names;
        private final long began;
        private final AtomicBoolean skipped = new AtomicBoolean();
        private final AtomicBoolean deferred = new AtomicBoolean();
        /** Threads between taking a name and being done with it. */
        private int publishing;

        Round(Map<String, OutboxEntries.Due> due, long began) {
            this.due = due.entrySet().iterator();
            this.names = due.size();
            this.began = began;
        }

        /** The next name, counted as being published until {@link #done}; null when none is left. */
        synchronized Map.Entry<String, OutboxEntries.Due> take() {
            if (!due.hasNext()) {
                return null;
            }
            publishing++;
            return due.next();
        }

        synchronized void done() {
            if (--publishing == 0) {
                notifyAll();
            }
        }

        /** Once no name is left to take: waits until those taken are published (or failed). */
        synchronized void awaitPublishing() {
            boolean interrupted = false;
            while (publishing > 0) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    interrupted = true; // the helpers still hold names: the round ends with them
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }

        Outcome outcome() {
            return skipped.get() ? Outcome.SKIPPED : deferred.get() ? Outcome.DEFERRED : Outcome.DONE;
        }
    }

    /** Publishes the round's names until none is left. */
    private void publishFrom(Round round) {
        for (Map.Entry<String, OutboxEntries.Due> due; (due = round.take()) != null; ) {
            try {
                publish(due.getKey(), due.getValue(), round);
            } finally {
                round.done();
            }
        }
    }

    private void publish(String name, OutboxEntries.Due due, Round round) {
        if (pacing.deferred(name, due.waiting(), round.began)) {
            round.deferred.set(true);
            return;
        }
        try {
            boolean published = sync.publishPending(name);
            if (!published && sync.ensureLockRow(name)) {
                published = sync.publishPending(name);
            }
            if (published) {
                pacing.published(name, round.began);
            } else {
                round.skipped.set(true);
            }
        } catch (RuntimeException e) {
            if (DeadlockRetry.lostLockRace(e)) {
                // Another node's publisher of the name committed first (Galera certification): it may
                // have deleted the entries this one read, and what this one wrote to the nameserver
                // may have arrived after its newer state. A fresh entry publishes the name once more.
                LOG.fine(() -> "Publishing " + name + " lost to another publisher; publishing it again");
                try {
                    entries.again(name);
                } catch (RuntimeException notQueued) {
                    LOG.warning(() -> "Publishing " + name + " again could not be queued: " + notQueued);
                }
                round.skipped.set(true);
                return;
            }
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            // the publisher's own words name the nameserver (GET dnssec shows them); a bare
            // connection failure's message is null
            String error =
                    e instanceof NameserverPublisher.Unavailable ? e.getMessage() : String.valueOf(cause.getMessage());
            LOG.log(Level.FINE, "Publishing " + name + " failed", e);
            LOG.warning(() -> "Publishing " + name + " failed, will retry: " + error);
            // Backs off the entries seen due; one written since keeps its own time.
            entries.failed(name, due.upTo(), error, Duration.ofSeconds(longestBackoff));
            metrics.counter(PublicationMetrics.FAILURES).inc();
        }
    }

    /** The outbox's rows, each change in a transaction of its own. */
    @jakarta.enterprise.context.ApplicationScoped
    public static class OutboxEntries {

        @PersistenceContext
        EntityManager em;

        @Resource(lookup = "jdbc/hosting")
        DataSource database;

        /** A name's newest entry (due or not) so far, and how many of its entries are among the due ones read. */
        public record Due(long upTo, int waiting) {}

        /**
         * The names of the {@code limit} oldest due entries, oldest first, each with its newest
         * entry (due or not) so far. One statement without a transaction: a read of the due entries and
         * one more per name, each in a container transaction, cost a drain some ten round trips
         * to the database before it published anything.
         */
        public Map<String, Due> due(int limit) {
            try {
                return PooledConnections.use(database, connection -> due(connection, limit));
            } catch (SQLException e) {
                throw new PersistenceException("The due publications could not be read: " + e.getMessage(), e);
            }
        }

        private static Map<String, Due> due(Connection connection, int limit) throws SQLException {
            try (PreparedStatement query = connection.prepareStatement("""
                            SELECT d.name, (SELECT MAX(a.id) FROM nameserver_outbox a WHERE a.name = d.name), COUNT(*)
                              FROM (SELECT name, id FROM nameserver_outbox WHERE next_attempt_at <= ?
                                     ORDER BY id LIMIT ?) d
                             GROUP BY d.name ORDER BY MIN(d.id)""")) {
                query.setObject(1, LocalDateTime.now(ZoneOffset.UTC));
                query.setInt(2, limit);
                Map<String, Due> due = new LinkedHashMap<>();
                try (ResultSet rows = query.executeQuery()) {
                    while (rows.next()) {
                        due.put(rows.getString(1), new Due(rows.getLong(2), rows.getInt(3)));
                    }
                }
                return due;
            }
        }

        /** A new entry for the whole name, due at once. */
        @CheckedSession
        @Transactional
        public void again(String name) {
            em.persist(new PendingPublication(name));
        }

        /**
         * Backs the name's entries off. Entries another publisher holds are left to it (SKIP
         * LOCKED): waiting for them, a drain stood still as long as that publisher did, and for
         * good when it was one of an instance that had just been killed.
         */
        @CheckedSession
        @Transactional
        public void failed(String name, long upTo, String error, Duration longest) {
            List<?> free = em.createNativeQuery(
                            "SELECT id FROM nameserver_outbox WHERE name = ? AND id <= ? FOR UPDATE SKIP LOCKED")
                    .setParameter(1, name)
                    .setParameter(2, upTo)
                    .getResultList();
            for (Object id : free) {
                PendingPublication entry = em.find(PendingPublication.class, ((Number) id).longValue());
                if (entry != null) {
                    entry.failed(error, longest);
                }
            }
        }
    }
}
