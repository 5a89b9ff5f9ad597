package net.hostingapi.nameserver.control;

import jakarta.ejb.EJB;
import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;
import net.hostingapi.platform.database.control.SchemaMigration;
import net.hostingapi.zones.control.ZonesChanged;

/**
 * What time moves on in DNSSEC, every two seconds on every instance: a zone whose removal grace
 * (DNSSEC_UNSIGN_AFTER) is over is published again, unsigned this time, through the outbox like
 * any change (so a nameserver that is down gets it later); a zone the nameserver signs in the
 * background (named after a reload) is looked at until its keys are served.
 */
@Singleton
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class DnssecTimer {

    private static final Logger LOG = Logger.getLogger(DnssecTimer.class.getName());

    @EJB
    SchemaMigration schema;

    @Inject
    Due due;

    @EJB
    ZoneSync sync;

    @Schedule(second = "*/2", minute = "*", hour = "*", persistent = false)
    void tick() {
        schema.awaitMigrated();
        try {
            due.unsign();
            for (String name : due.signing()) {
                sync.lookAgain(name);
            }
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "DNSSEC round failed", e);
            LOG.warning(() -> "DNSSEC round failed, will retry: " + e.getMessage());
        }
    }

    /** The queries, each in a transaction of its own. */
    @jakarta.enterprise.context.ApplicationScoped
    public static class Due {

        @PersistenceContext
        EntityManager em;

        @Inject
        Event<ZonesChanged> changes;

        /** Zones to unsign now that have no publication waiting: one is enqueued for each (in this transaction). */
        @jakarta.transaction.Transactional
        public void unsign() {
            List<String> names = names("d.state = 'removing' AND d.unsign_at <= ?");
            if (!names.isEmpty()) {
                changes.fire(ZonesChanged.of(names));
            }
        }

        @jakarta.transaction.Transactional
        public List<String> signing() {
            return names("d.state = 'signing' AND d.enabled AND d.updated_at <= ?");
        }

        private List<String> names(String condition) {
            return em
                    .createNativeQuery("SELECT z.name FROM zone_dnssec d JOIN zones z ON z.id = d.zone_id WHERE "
                            + condition
                            + " AND NOT EXISTS (SELECT 1 FROM nameserver_outbox o WHERE o.name = z.name)")
                    .setParameter(1, LocalDateTime.now(ZoneOffset.UTC))
                    .getResultList()
                    .stream()
                    .map(String.class::cast)
                    .toList();
        }
    }
}
