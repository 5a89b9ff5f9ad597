package net.hostingapi.datacenter.control;

import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import java.util.List;
import net.hostingapi.datacenter.entity.ServerAction;

/** The unfinished (PENDING or RUNNING) server actions one of {@link ServerAction}'s named queries finds. */
final class UnfinishedActions {

    private UnfinishedActions() {}

    static List<ServerAction> find(EntityManager em, String query, String parameter, Object value, LockModeType lock) {
        return em.createNamedQuery(query, ServerAction.class)
                .setParameter(parameter, value)
                .setParameter("open", ServerAction.State.OPEN)
                .setLockMode(lock)
                .getResultList();
    }
}
