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

/**
 * That a verification mail was issued, when, by which account and to which address (as a hash),
 * and when it goes out: what the limits per handle, per account and per recipient count. It
 * outlives its handle, so that a deleted handle's mails still count. {@code sentAt} is when the
 * mail was asked for (the limits per handle and account count it), {@code deliverAt} when it is
 * delivered, later if the address's limit held it back (the limit per address counts it); null
 * once a mail held back was withdrawn before it went.
 */
@Entity
@Table(name = "handle_verification_mails")
@NamedQuery(
        name = VerificationMail.SINCE,
        query = "SELECT m.sentAt FROM VerificationMail m "
                + "WHERE m.handle.id = :handle AND m.sentAt > :since ORDER BY m.sentAt")
@NamedQuery(
        name = VerificationMail.ACCOUNT_SINCE,
        query = "SELECT m.sentAt FROM VerificationMail m "
                + "WHERE m.accountId = :account AND m.sentAt > :since ORDER BY m.sentAt")
@NamedQuery(
        name = VerificationMail.DELIVERIES_SINCE,
        query = "SELECT m.deliverAt FROM VerificationMail m "
                + "WHERE m.recipientHash = :recipient AND m.deliverAt > :since ORDER BY m.deliverAt")
@NamedQuery(
        name = VerificationMail.ACCOUNT_TO_RECIPIENT_SINCE,
        query = "SELECT m.sentAt FROM VerificationMail m WHERE m.recipientHash = :recipient "
                + "AND m.accountId = :account AND m.sentAt > :since ORDER BY m.sentAt")
// Read without locks, released by id, as pruning does (see below).
@NamedQuery(
        name = VerificationMail.HELD,
        query = "SELECT m.id FROM VerificationMail m WHERE m.handle.id = :handle AND m.deliverAt > :now")
@NamedQuery(
        name = VerificationMail.RELEASE,
        query = "UPDATE VerificationMail m SET m.deliverAt = NULL WHERE m.id IN :ids")
// Pruned by id after an unlocked read: a DELETE over the (account, sent_at) range would lock the
// gap after it, which new accounts share, and their first mails deadlocked on it.
@NamedQuery(
        name = VerificationMail.PRUNABLE,
        query = "SELECT m.id FROM VerificationMail m WHERE m.accountId = :account AND m.sentAt <= :before "
                + "AND (m.deliverAt IS NULL OR m.deliverAt <= :before)")
@NamedQuery(name = VerificationMail.PRUNE, query = "DELETE FROM VerificationMail m WHERE m.id IN :ids")
public class VerificationMail {

    public static final String SINCE = "VerificationMail.since";
    public static final String ACCOUNT_SINCE = "VerificationMail.accountSince";
    public static final String DELIVERIES_SINCE = "VerificationMail.deliveriesSince";
    public static final String ACCOUNT_TO_RECIPIENT_SINCE = "VerificationMail.accountToRecipientSince";
    public static final String HELD = "VerificationMail.held";
    public static final String RELEASE = "VerificationMail.release";
    public static final String PRUNABLE = "VerificationMail.prunable";
    public static final String PRUNE = "VerificationMail.prune";

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;

    @ManyToOne(fetch = FetchType.LAZY)
    @JoinColumn(name = "handle_id")
    private Handle handle;

    @Column(name = "account_id", nullable = false)
    private Long accountId;

    @Column(name = "recipient_hash", nullable = false, length = 64)
    private String recipientHash;

    @Column(name = "sent_at", nullable = false)
    private LocalDateTime sentAt;

    @Column(name = "deliver_at")
    private LocalDateTime deliverAt;

    protected VerificationMail() {}

    public VerificationMail(
            Handle handle, long accountId, String recipientHash, LocalDateTime sentAt, LocalDateTime deliverAt) {
        this.handle = handle;
        this.accountId = accountId;
        this.recipientHash = recipientHash;
        this.sentAt = sentAt;
        this.deliverAt = deliverAt;
    }
}
