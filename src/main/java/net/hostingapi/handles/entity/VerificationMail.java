package net.hostingapi.handles.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import java.time.LocalDateTime;

/** That a verification mail was issued for a handle, and when: what the resend rate limit counts. */
@Entity
@Table(name = "handle_verification_mails")
@NamedQuery(name = VerificationMail.SINCE, query = "SELECT m.sentAt FROM VerificationMail m "
        + "WHERE m.handle.id = :handle AND m.sentAt > :since ORDER BY m.sentAt")
@NamedQuery(name = VerificationMail.PRUNE, query = "DELETE FROM VerificationMail m "
        + "WHERE m.handle.id = :handle AND m.sentAt <= :before")
public class VerificationMail {

    public static final String SINCE = "VerificationMail.since";
    public static final String PRUNE = "VerificationMail.prune";

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;

    @ManyToOne(optional = false, fetch = FetchType.LAZY)
    @JoinColumn(name = "handle_id")
    private Handle handle;

    @Column(name = "sent_at", nullable = false)
    private LocalDateTime sentAt;

    protected VerificationMail() {
    }

    public VerificationMail(Handle handle, LocalDateTime sentAt) {
        this.handle = handle;
        this.sentAt = sentAt;
    }
}
