package net.hostingapi.nameserver.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import net.hostingapi.nameserver.entity.PendingPublication;
import net.hostingapi.platform.database.control.RowInserts;
import net.hostingapi.zones.control.ZonesChanged;

/**
 * Records that changed names must reach the nameserver, in the transaction of the change (a
 * synchronous observer joins it): once it commits, {@link PublicationWorker} publishes them
 * without the API answer waiting for it. A rollback takes the entries with it. A CDI bean, not a
 * session bean: Weld resolved a session bean observer's instance through the EJB container at every
 * change.
 */
@ApplicationScoped
public class PublicationOutbox {

    @PersistenceContext
    EntityManager em;

    public void enqueue(@Observes ZonesChanged changed) {
        for (String name : changed.names()) {
            RowInserts.insert(
                    em, PendingPublication.INSERT, new PendingPublication(name, changed.rrsets()).insertValues());
        }
    }

    public long backlog() {
        return em.createQuery("SELECT COUNT(p) FROM PendingPublication p", Long.class)
                .getSingleResult();
    }

    /** Seconds since the oldest entry still waiting was written; 0 when none waits. */
    public long oldestWaitingSeconds() {
        var oldest = em.createQuery("SELECT MIN(p.createdAt) FROM PendingPublication p", java.time.LocalDateTime.class)
                .getSingleResult();
        return oldest == null
                ? 0
                : java.time.Duration.between(oldest, java.time.LocalDateTime.now(java.time.ZoneOffset.UTC))
                        .toSeconds();
    }
}
