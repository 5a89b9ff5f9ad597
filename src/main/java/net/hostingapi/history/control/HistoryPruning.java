package net.hostingapi.history.control;

import jakarta.ejb.Schedule;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Drops history entries older than {@code HISTORY_DAYS} (default 90), hourly. Every instance runs
 * it; deleting what another already deleted costs nothing, and batches keep each transaction short.
 */
@Stateless
public class HistoryPruning {

    private static final Logger LOG = Logger.getLogger(HistoryPruning.class.getName());
    private static final int BATCH = 5000;

    @PersistenceContext
    EntityManager em;

    @Inject
    @ConfigProperty(name = "HISTORY_DAYS", defaultValue = "90")
    int historyDays;

    @Schedule(hour = "*", minute = "17", persistent = false)
    void hourly() {
        for (int batch = 0; batch < 20 && prune() == BATCH; batch++) {
            // a backlog (HISTORY_DAYS lowered) goes in batches, the rest next hour
        }
    }

    /** One batch of the entries past the kept days; how many went. */
    public int prune() {
        int deleted = em.createNativeQuery("DELETE FROM zone_history WHERE created_at < ? LIMIT " + BATCH)
                .setParameter(1, LocalDateTime.now(ZoneOffset.UTC).minusDays(Math.max(1, historyDays)))
                .executeUpdate();
        if (deleted > 0) {
            LOG.info(() -> "Zone history: " + deleted + " entries older than " + historyDays + " days pruned");
        }
        return deleted;
    }
}
