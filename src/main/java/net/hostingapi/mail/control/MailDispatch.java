package net.hostingapi.mail.control;

import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;

/**
 * Starts delivering a queued mail once its transaction has committed, so that a rolled back
 * change sends nothing and the request never waits for the mail server. A mail whose start is
 * missed (say the instance stops) is still picked up by {@link MailDelivery}'s timer.
 */
@ApplicationScoped
public class MailDispatch {

    @EJB
    MailDelivery delivery;

    void afterCommit(@Observes(during = TransactionPhase.AFTER_SUCCESS) MailQueued queued) {
        delivery.deliverLater(queued.id());
    }
}
