package net.hostingapi.handles.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Duration;
import java.time.LocalDateTime;
import org.junit.jupiter.api.Test;

class VerificationTest {

    private static final LocalDateTime SENT = LocalDateTime.of(2025, 1, 1, 8, 0, 0);
    private static final Duration DAYS_15 = Duration.ofDays(15);

    @Test
    void aLinkFollowedInTimeVerifies() {
        Verification verification = new Verification();
        verification.issue("hash", SENT, DAYS_15);
        assertEquals(VerificationState.PENDING, verification.state());
        assertEquals(SENT.plusDays(15), verification.deadline());
        assertEquals(Verification.Outcome.VERIFIED, verification.confirm(SENT.plusDays(14)));
        assertEquals(VerificationState.VERIFIED, verification.state());
        assertEquals(SENT.plusDays(14), verification.verifiedAt());
        assertEquals(VerificationState.VERIFIED, verification.refresh(SENT.plusDays(30)), "verified stays verified");
    }

    @Test
    void aLinkFollowedTooLateChangesNothing() {
        Verification verification = new Verification();
        verification.issue("hash", SENT, DAYS_15);
        assertEquals(
                Verification.Outcome.EXPIRED,
                verification.confirm(SENT.plusDays(15).plusSeconds(1)));
        assertEquals(VerificationState.PENDING, verification.state(), "until refreshed");
        assertNull(verification.verifiedAt());
    }

    @Test
    void refreshExpiresOnlyPastTheDeadline() {
        Verification verification = new Verification();
        verification.issue("hash", SENT, DAYS_15);
        assertEquals(VerificationState.PENDING, verification.refresh(SENT.plusDays(15)));
        assertEquals(
                VerificationState.EXPIRED,
                verification.refresh(SENT.plusDays(15).plusSeconds(1)));
    }

    @Test
    void aNewLinkStartsOverFromAnyState() {
        Verification verification = new Verification();
        verification.issue("first", SENT, DAYS_15);
        verification.confirm(SENT.plusDays(1));
        verification.issue("second", SENT.plusDays(2), DAYS_15);
        assertEquals(VerificationState.PENDING, verification.state());
        assertNull(verification.verifiedAt());
        assertEquals(SENT.plusDays(17), verification.deadline());
        assertEquals(SENT.plusDays(2), verification.sentAt());
    }
}
