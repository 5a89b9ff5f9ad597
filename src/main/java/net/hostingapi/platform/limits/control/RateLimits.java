package net.hostingapi.platform.limits.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.PersistenceException;
import jakarta.transaction.Transactional;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.Logger;
import net.hostingapi.platform.database.control.CheckedSession;
import net.hostingapi.platform.database.control.DeadlockRetry;

/**
 * Sliding-window limits kept in the database, so that every instance on it counts against the
 * same limit: a client refused by one instance is refused by all. Each key's row is locked while
 * a request is counted, so a check and its count never interleave, on any instance. Times are
 * the database's clock, the one clock all instances share. Refused attempts are not counted.
 */
@ApplicationScoped
public class RateLimits {

    private static final Logger LOG = Logger.getLogger(RateLimits.class.getName());
    private static final int KEY_LENGTH = 191;
    private static final Duration KEPT = Duration.ofHours(1);

    /** At most {@code limit} events of {@code key} within any {@code length}. */
    public record Window(String key, int limit, Duration length) {

        public Window {
            key = key.length() > KEY_LENGTH ? key.substring(0, KEY_LENGTH) : key;
            limit = Math.max(1, limit);
        }
    }

    @Inject
    Store store;

    private final AtomicLong lastCleanup = new AtomicLong();

    /**
     * Counts one event in every window, or in none.
     *
     * @return 0 when counted, else the seconds until every window would admit one (at least 1)
     */
    public long acquire(List<Window> windows) {
        long wait;
        for (int attempt = 1; ; attempt++) {
            try {
                wait = store.acquire(windows);
                break;
            } catch (PersistenceException | jakarta.transaction.TransactionalException e) {
                // A deadlock with the cleanup below (gap locks of the events' index), or on a
                // Galera cluster a count of the same key on another node committed first: the
                // database rolled our transaction back, so counting again is safe.
                if (attempt > 1 && (attempt >= DeadlockRetry.ATTEMPTS || !DeadlockRetry.lostLockRace(e))) {
                    throw e;
                }
                LOG.log(Level.FINE, "Counting again after a failed attempt", e);
            }
        }
        long now = System.currentTimeMillis();
        long last = lastCleanup.get();
        if (now - last > Duration.ofMinutes(10).toMillis() && lastCleanup.compareAndSet(last, now)) {
            try {
                store.forgetOld();
            } catch (RuntimeException e) {
                LOG.log(Level.FINE, "Old rate-limit entries not deleted; next time", e);
            }
        }
        return wait;
    }

    /** The table work, each call a transaction of its own. */
    @ApplicationScoped
    public static class Store {

        @PersistenceContext
        EntityManager em;

        @CheckedSession
        @Transactional(Transactional.TxType.REQUIRES_NEW)
        public long acquire(List<Window> windows) {
            List<Window> ordered =
                    windows.stream().sorted(Comparator.comparing(Window::key)).toList();
            for (Window window : ordered) {
                // Locks in key order, so two requests needing the same keys cannot deadlock; the
                // update takes the row's lock at once where INSERT IGNORE would take a shared one first.
                em.createNativeQuery("INSERT INTO rate_limit_keys (limit_key, touched_at) VALUES (?, UTC_TIMESTAMP(3))"
                                + " ON DUPLICATE KEY UPDATE touched_at = UTC_TIMESTAMP(3)")
                        .setParameter(1, window.key())
                        .executeUpdate();
            }
            // Only now the first plain read: the transaction's snapshot is taken after the locks,
            // so it holds every event counted before them, on any instance.
            LocalDateTime now =
                    toLocal(em.createNativeQuery("SELECT UTC_TIMESTAMP(3)").getSingleResult());
            long wait = 0;
            for (Window window : ordered) {
                @SuppressWarnings("unchecked")
                List<Object> counted = em.createNativeQuery("SELECT counted_at FROM rate_limit_events"
                                + " WHERE limit_key = ? AND counted_at > ? ORDER BY counted_at")
                        .setParameter(1, window.key())
                        .setParameter(2, now.minus(window.length()))
                        .getResultList();
                if (counted.size() >= window.limit()) {
                    // Another event fits once all but limit-1 of those in the window have left it.
                    LocalDateTime leaves = toLocal(counted.get(counted.size() - window.limit()))
                            .plus(window.length());
                    long millis = Duration.between(now, leaves).toMillis();
                    wait = Math.max(wait, Math.max(1, (millis + 999) / 1000));
                }
            }
            if (wait == 0) {
                for (Window window : ordered) {
                    em.createNativeQuery("INSERT INTO rate_limit_events (limit_key, counted_at) VALUES (?, ?)")
                            .setParameter(1, window.key())
                            .setParameter(2, now)
                            .executeUpdate();
                }
            }
            return wait;
        }

        @CheckedSession
        @Transactional(Transactional.TxType.REQUIRES_NEW)
        public void forgetOld() {
            LocalDateTime cutoff = toLocal(
                            em.createNativeQuery("SELECT UTC_TIMESTAMP(3)").getSingleResult())
                    .minus(KEPT);
            em.createNativeQuery("DELETE FROM rate_limit_events WHERE counted_at < ?")
                    .setParameter(1, cutoff)
                    .executeUpdate();
            em.createNativeQuery("DELETE FROM rate_limit_keys WHERE touched_at < ?")
                    .setParameter(1, cutoff)
                    .executeUpdate();
        }

        private static LocalDateTime toLocal(Object value) {
            return value instanceof LocalDateTime time ? time : ((Timestamp) value).toLocalDateTime();
        }
    }
}
