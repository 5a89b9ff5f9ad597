package net.hostingapi.mail.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.time.Duration;
import java.time.LocalDateTime;
import org.junit.jupiter.api.Test;

class OutgoingMailTest {

    @Test
    void backoffDoublesUpToAnHour() {
        assertEquals(Duration.ofSeconds(30), OutgoingMail.backoff(1));
        assertEquals(Duration.ofMinutes(1), OutgoingMail.backoff(2));
        assertEquals(Duration.ofMinutes(2), OutgoingMail.backoff(3));
        assertEquals(Duration.ofMinutes(32), OutgoingMail.backoff(7));
        assertEquals(Duration.ofHours(1), OutgoingMail.backoff(8));
        assertEquals(Duration.ofHours(1), OutgoingMail.backoff(1000));
    }

    @Test
    void aFailureSchedulesTheNextAttemptAndKeepsAShortError() {
        OutgoingMail mail = new OutgoingMail("topic", "a@example.com", "subject", "body");
        LocalDateTime now = LocalDateTime.of(2025, 1, 1, 0, 0);
        mail.failed("x".repeat(600), now);
        assertEquals(500, mail.lastError().length());
        assertEquals(
                now.plusSeconds(30),
                mail.nextAttemptAt(),
                "attempts is counted by the claim; 0 claims wait as the first");
    }

    @Test
    void aMailHeldBackIsDueWhenItsHoldEndsAndQueuedFromThen() {
        LocalDateTime later = LocalDateTime.now(java.time.ZoneOffset.UTC).plusHours(3);
        OutgoingMail held = new OutgoingMail("topic", "a@example.com", "subject", "body", later);
        assertEquals(later, held.nextAttemptAt());
        assertEquals(later, held.createdAt(), "the outbox's age counts from when it may go");

        LocalDateTime before = LocalDateTime.now(java.time.ZoneOffset.UTC);
        OutgoingMail past = new OutgoingMail("topic", "a@example.com", "subject", "body", before.minusHours(1));
        assertFalse(past.nextAttemptAt().isBefore(before), "a hold already over: at once");
        assertEquals(past.createdAt(), past.nextAttemptAt());
    }
}
