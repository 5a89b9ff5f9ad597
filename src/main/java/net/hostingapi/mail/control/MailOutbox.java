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
 * <p>
 * Locks: every transaction here locks outbox rows by primary key only, one row per transaction
 * for the delivery, and in ascending id order for a withdrawal. A statement that searched the
 * topic index with locks (say {@code DELETE ... WHERE topic = ?}) would lock index entries
 * before rows, the opposite order of a delivery's delete by id, and the two deadlocked; it
 * also locked gaps of that index, which deadlocked the creations of handles of two accounts.
 * A delivery skips a row another transaction holds ({@code SKIP LOCKED}) instead of waiting.
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
        enqueue(topic, recipient, subject, body, null);
    }

    /**
     * A mail held back until {@code notBefore} (null: none): the delivery timer sends it once it is
     * due, as it retries a failed one; the attempt right after the commit passes it by.
     */
    @TransactionAttribute(TransactionAttributeType.MANDATORY)
    public void enqueue(String topic, String recipient, String subject, String body, LocalDateTime notBefore) {
        OutgoingMail mail = new OutgoingMail(topic, recipient, subject, body, notBefore);
        em.persist(mail);
        em.flush();
        queued.fire(new MailQueued(mail.id()));
    }

    /**
     * Drops the mails on {@code topic} not yet delivered: a newer one replaces them, or their
     * subject is gone. The ids are read without locks, then deleted by id (see above); whoever
     * queues mails on a topic holds the lock of its subject, so none is added meanwhile. A mail
     * a delivery attempt holds at this moment is waited for; if it was sent, it is gone.
     */
    @TransactionAttribute(TransactionAttributeType.MANDATORY)
    public void withdraw(String topic) {
        List<Long> ids = em.createNamedQuery(OutgoingMail.ON_TOPIC, Long.class)
                .setParameter("topic", topic)
                .getResultList();
        if (!ids.isEmpty()) {
            em.createNamedQuery(OutgoingMail.WITHDRAW).setParameter("ids", ids).executeUpdate();
        }
    }

    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public List<Long> due(int max) {
        return em.createNamedQuery(OutgoingMail.DUE, Long.class)
                .setParameter("now", now())
                .setMaxResults(max)
                .getResultList();
    }

    /**
     * Takes the mail for one delivery attempt, unless it is not due, or another transaction holds
     * it (a withdrawal, another attempt): then it is skipped, not waited for.
     */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public Optional<OutgoingMail> claim(long id) {
        LocalDateTime now = now();
        List<?> free = em.createNativeQuery(
                        "SELECT id FROM mail_outbox WHERE id = ? AND next_attempt_at <= ? FOR UPDATE SKIP LOCKED")
                .setParameter(1, id)
                .setParameter(2, now)
                .getResultList();
        if (free.isEmpty()) {
            return Optional.empty();
        }
        OutgoingMail mail = em.find(OutgoingMail.class, id);
        mail.lease(now.plus(LEASE));
        return Optional.of(mail);
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
