package net.hostingapi.nameserver.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import net.hostingapi.nameserver.entity.PendingPublication;
import net.hostingapi.platform.database.control.CheckedSession;
import net.hostingapi.platform.database.control.RowInserts;
import net.hostingapi.transfers.control.catalog.Catalog;
import net.hostingapi.zones.control.ZoneSetChanged;
import net.hostingapi.zones.control.ZonesChanged;

/**
 * Records that changed names must reach the nameserver, in the transaction of the change (a
 * synchronous observer joins it): once it commits, {@link PublicationWorker} publishes them
 * without the API answer waiting for it. A rollback takes the entries with it. A CDI bean, not a
 * session bean: Weld resolved a session bean observer's instance through the EJB container at every
 * change.
 *
 * <p>The catalog zone, when there is one, is entered too whenever the set of names served as zones
 * may have changed: a zone created or deleted, a domain assigned or dissociated.
 */
@ApplicationScoped
public class PublicationOutbox {

    @PersistenceContext
    EntityManager em;

    @Inject
    Catalog catalog;

    public void enqueue(@Observes ZonesChanged changed) {
        for (String name : changed.names()) {
            RowInserts.insert(
                    em, PendingPublication.INSERT, new PendingPublication(name, changed.rrsets()).insertValues());
        }
    }

    /** A zone created or deleted, a domain assigned or dissociated: the catalog lists it, or no longer. */
    public void enqueue(@Observes ZoneSetChanged changed) {
        insertCatalog();
    }

    /**
     * The catalog published at start: a service started with CATALOG_ZONE on a database that
     * holds zones, or on a nameserver that lost the catalog, serves it without waiting for a change.
     */
    @CheckedSession
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public void enqueueCatalogAtStart() {
        insertCatalog();
    }

    private void insertCatalog() {
        catalog.name()
                .ifPresent(name ->
                        RowInserts.insert(em, PendingPublication.INSERT, new PendingPublication(name).insertValues()));
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
