package net.hostingapi.zones.control;

import jakarta.ejb.Stateless;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.Collection;
import java.util.Set;
import net.hostingapi.zones.entity.PendingPublication;

/**
 * Records, in the caller's transaction, that names must reach the nameserver, and announces it:
 * once the transaction commits, {@link PublicationWorker} publishes them without the API answer
 * waiting for it. A rollback takes the entries with it.
 */
@Stateless
public class PublicationOutbox {

    /** Fired with the changed names; observed after a successful commit. */
    public record ZonesChanged(Set<String> names) {
    }

    @PersistenceContext
    EntityManager em;

    @Inject
    Event<ZonesChanged> changed;

    public void enqueue(Collection<String> names) {
        names.forEach(name -> em.persist(new PendingPublication(name)));
        changed.fire(new ZonesChanged(Set.copyOf(names)));
    }

    public long backlog() {
        return em.createQuery("SELECT COUNT(p) FROM PendingPublication p", Long.class).getSingleResult();
    }

    /** Seconds since the oldest entry still waiting was written; 0 when none waits. */
    public long oldestWaitingSeconds() {
        var oldest = em.createQuery("SELECT MIN(p.createdAt) FROM PendingPublication p", java.time.LocalDateTime.class)
                .getSingleResult();
        return oldest == null ? 0 : java.time.Duration.between(oldest, java.time.LocalDateTime.now(java.time.ZoneOffset.UTC)).toSeconds();
    }
}
