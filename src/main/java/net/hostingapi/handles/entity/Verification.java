package net.hostingapi.handles.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import java.time.Duration;
import java.time.LocalDateTime;

/**
 * The verification of a handle's e-mail address. Only the SHA-256 of the current link's token is
 * kept; issuing a new link replaces it, so an older link stops working, and following the link
 * clears it, so a link works once. The state is stored: {@link #refresh} moves a PENDING
 * verification past its deadline to EXPIRED.
 */
@Embeddable
public class Verification {

    @Enumerated(EnumType.STRING)
    @Column(name = "verification_state", nullable = false, length = 8)
    private VerificationState state = VerificationState.PENDING;

    @Column(name = "verification_token_hash", length = 64)
    private String tokenHash;

    @Column(name = "verification_sent_at")
    private LocalDateTime sentAt;

    @Column(name = "verification_deadline")
    private LocalDateTime deadline;

    @Column(name = "verified_at")
    private LocalDateTime verifiedAt;

    /** What following a link did. */
    public enum Outcome {
        VERIFIED,
        EXPIRED
    }

    /** A new link: PENDING until {@code now + validity}, whatever the state was. */
    public void issue(String newTokenHash, LocalDateTime now, Duration validity) {
        state = VerificationState.PENDING;
        tokenHash = newTokenHash;
        sentAt = now;
        deadline = now.plus(validity);
        verifiedAt = null;
    }

    /**
     * Follows the current link. Past the deadline nothing changes (the link stays known, so that
     * following it again still says it expired); otherwise the address is verified and the link used up.
     */
    public Outcome confirm(LocalDateTime now) {
        if (deadline == null || now.isAfter(deadline)) {
            return Outcome.EXPIRED;
        }
        state = VerificationState.VERIFIED;
        verifiedAt = now;
        tokenHash = null;
        return Outcome.VERIFIED;
    }

    /** Re-evaluates the state: a PENDING verification whose deadline has passed is EXPIRED. */
    public VerificationState refresh(LocalDateTime now) {
        if (state == VerificationState.PENDING && deadline != null && now.isAfter(deadline)) {
            state = VerificationState.EXPIRED;
        }
        return state;
    }

    public VerificationState state() {
        return state;
    }

    public LocalDateTime sentAt() {
        return sentAt;
    }

    public LocalDateTime deadline() {
        return deadline;
    }

    public LocalDateTime verifiedAt() {
        return verifiedAt;
    }
}
