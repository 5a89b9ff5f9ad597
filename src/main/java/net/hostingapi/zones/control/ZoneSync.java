package net.hostingapi.zones.control;

import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.Optional;
import net.hostingapi.zones.entity.AssignedDomain;
import net.hostingapi.zones.entity.Zone;

/**
 * Brings one name on the nameserver to its stored state: a zone is published with its records, a
 * domain assigned to a zone with that zone's records under its own name, anything else removed.
 * Idempotent, so retrying after any failure is safe.
 */
@Stateless
public class ZoneSync {

    @PersistenceContext
    EntityManager em;

    @Inject
    NameserverPublisher nameserver;

    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public void sync(String name) {
        Optional<Zone> zone = em.createNamedQuery(Zone.BY_NAME, Zone.class).setParameter("name", name)
                .getResultStream().findFirst();
        if (zone.isEmpty()) {
            zone = em.createNamedQuery(AssignedDomain.BY_NAME, AssignedDomain.class).setParameter("name", name)
                    .getResultStream().findFirst().map(AssignedDomain::zone);
        }
        if (zone.isPresent()) {
            nameserver.publish(zone.get(), name);
        } else {
            nameserver.remove(name);
        }
    }

    /** Refresh with forceDelete: drop the name from the nameserver, then load it afresh. */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public void reload(String name) {
        nameserver.remove(name);
        sync(name);
    }
}
