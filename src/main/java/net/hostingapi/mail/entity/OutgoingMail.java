package net.hostingapi.mail.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * A mail waiting in the outbox. {@code topic} names what it is about (say the verification of one
 * handle), so that a newer mail on the same topic can withdraw an older one not yet delivered.
 * {@code nextAttemptAt} is both the retry time and a lease: whoever moves it into the future
 * with an atomic update owns the delivery attempt.
 */
@Entity
@Table(name = "mail_outbox")
@NamedQuery(
        name = OutgoingMail.DUE,
        query = "SELECT m.id FROM OutgoingMail m WHERE m.nextAttemptAt <= :now ORDER BY m.nextAttemptAt, m.id")
@NamedQuery(
        name = OutgoingMail.ON_TOPIC,
        query = "SELECT m.id FROM OutgoingMail m WHERE m.topic = :topic ORDER BY m.id")
@NamedQuery(name = OutgoingMail.WITHDRAW, query = "DELETE FROM OutgoingMail m WHERE m.id IN :ids")
public class OutgoingMail {

    public static final String DUE = "OutgoingMail.due";
    public static final String ON_TOPIC = "OutgoingMail.onTopic";
    public static final String WITHDRAW = "OutgoingMail.withdraw";

    /** First retry after this; doubled with every further failure up to {@link #MAX_BACKOFF}. */
    static final Duration FIRST_BACKOFF = Duration.ofSeconds(30);

    static final Duration MAX_BACKOFF = Duration.ofHours(1);

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;

    @Column(nullable = false, length = 100)
    private String topic;

    @Column(nullable = false, length = 254)
    private String recipient;

    @Column(nullable = false, length = 200)
    private String subject;

    @Column(nullable = false, columnDefinition = "TEXT")
    private String body;

    @Column(nullable = false)
    private int attempts;

    @Column(name = "next_attempt_at", nullable = false)
    private LocalDateTime nextAttemptAt;

    @Column(name = "last_error", length = 500)
    private String lastError;

    @Column(name = "created_at", nullable = false)
    private LocalDateTime createdAt;

    protected OutgoingMail() {}

    public OutgoingMail(String topic, String recipient, String subject, String body) {
        this(topic, recipient, subject, body, null);
    }

    /**
     * A mail not to be sent before {@code notBefore} (a limit holds it back); null: at once. A mail
     * held back is queued, as {@code createdAt} says, when its hold ends: the outbox's age gauge
     * tells of mails that could go and did not, not of those held back on purpose.
     */
    public OutgoingMail(String topic, String recipient, String subject, String body, LocalDateTime notBefore) {
        this.topic = topic;
        this.recipient = recipient;
        this.subject = subject;
        this.body = body;
        LocalDateTime now = LocalDateTime.now(ZoneOffset.UTC);
        this.createdAt = notBefore != null && notBefore.isAfter(now) ? notBefore : now;
        this.nextAttemptAt = createdAt;
    }

    /** Taken for one delivery attempt: nobody else tries it before {@code until} (a crashed attempt is retried then). */
    public void lease(LocalDateTime until) {
        attempts++;
        nextAttemptAt = until;
    }

    /** After a failed attempt: retry later, the more failures the later (30 s, 1 min, 2 min, ... at most 1 h). */
    public void failed(String error, LocalDateTime now) {
        lastError = error == null ? null : error.substring(0, Math.min(error.length(), 500));
        nextAttemptAt = now.plus(backoff(attempts));
    }

    /** The wait after the {@code failures}-th failed attempt. */
    public static Duration backoff(int failures) {
        int doublings = Math.min(Math.max(failures - 1, 0), 20);
        Duration wait = FIRST_BACKOFF.multipliedBy(1L << doublings);
        return wait.compareTo(MAX_BACKOFF) > 0 ? MAX_BACKOFF : wait;
    }

    public Long id() {
        return id;
    }

    public String topic() {
        return topic;
    }

    public String recipient() {
        return recipient;
    }

    public String subject() {
        return subject;
    }

    public String body() {
        return body;
    }

    public int attempts() {
        return attempts;
    }

    public LocalDateTime nextAttemptAt() {
        return nextAttemptAt;
    }

    public String lastError() {
        return lastError;
    }

    public LocalDateTime createdAt() {
        return createdAt;
    }
}
