package net.hostingapi.mail.control;

import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import net.hostingapi.mail.entity.OutgoingMail;

/**
 * The durable outbox. {@link #enqueue} joins the caller's transaction, so a mail exists exactly
 * when the change that causes it was committed; delivery starts after that commit
 * ({@link MailDispatch}) and is retried by {@link MailDelivery} until it succeeds. The other
 * methods run in transactions of their own, for the delivery, which holds none while it talks
 * to the mail server.
 */
@Stateless
public class MailOutbox {

    /** How long a delivery attempt owns a mail before another may try it (a crashed attempt is retried). */
    static final Duration LEASE = Duration.ofMinutes(5);

    @PersistenceContext
    EntityManager em;

    @Inject
    Event<MailQueued> queued;

    @TransactionAttribute(TransactionAttributeType.MANDATORY)
    public void enqueue(String topic, String recipient, String subject, String body) {
        OutgoingMail mail = new OutgoingMail(topic, recipient, subject, body);
        em.persist(mail);
        em.flush();
        queued.fire(new MailQueued(mail.id()));
    }

    /** Drops the mails on {@code topic} not yet delivered: a newer one replaces them, or their subject is gone. */
    @TransactionAttribute(TransactionAttributeType.MANDATORY)
    public void withdraw(String topic) {
        em.createNamedQuery(OutgoingMail.WITHDRAW).setParameter("topic", topic).executeUpdate();
    }

    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public List<Long> due(int max) {
        return em.createNamedQuery(OutgoingMail.DUE, Long.class)
                .setParameter("now", now()).setMaxResults(max).getResultList();
    }

    /** Takes the mail for one delivery attempt, unless it is not due or another attempt holds it. */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public Optional<OutgoingMail> claim(long id) {
        LocalDateTime now = now();
        int claimed = em.createNamedQuery(OutgoingMail.CLAIM)
                .setParameter("id", id).setParameter("now", now).setParameter("lease", now.plus(LEASE))
                .executeUpdate();
        return claimed == 1 ? Optional.ofNullable(em.find(OutgoingMail.class, id)) : Optional.empty();
    }

    /** Delivered: the row goes, and with it the link it may carry. */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public void delivered(long id) {
        OutgoingMail mail = em.find(OutgoingMail.class, id);
        if (mail != null) {
            em.remove(mail);
        }
    }

    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public Optional<OutgoingMail> failed(long id, String error) {
        OutgoingMail mail = em.find(OutgoingMail.class, id);
        if (mail != null) {
            mail.failed(error, now());
        }
        return Optional.ofNullable(mail);
    }

    private static LocalDateTime now() {
        return LocalDateTime.now(ZoneOffset.UTC);
    }
}
