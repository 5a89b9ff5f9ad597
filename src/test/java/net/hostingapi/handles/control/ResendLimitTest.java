package net.hostingapi.handles.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ResendLimitTest {

    private static final LocalDateTime NOW = LocalDateTime.of(2025, 3, 10, 12, 0, 0);
    private final ResendLimit limit = new ResendLimit(1, 10);

    @Test
    void aMailMayGoWhenNoneWentForAMinute() {
        assertEquals(0, limit.retryAfterSeconds(List.of(), NOW));
        assertEquals(0, limit.retryAfterSeconds(List.of(NOW.minusSeconds(60)), NOW));
    }

    @Test
    void oneAMinuteSaysHowLongToWait() {
        assertEquals(45, limit.retryAfterSeconds(List.of(NOW.minusSeconds(15)), NOW));
        assertEquals(60, limit.retryAfterSeconds(List.of(NOW), NOW));
    }

    @Test
    void tenADayCountsARollingDay() {
        List<LocalDateTime> sends = new ArrayList<>();
        for (int hours = 20; hours > 10; hours--) {
            sends.add(NOW.minusHours(hours));
        }
        // The oldest of the ten leaves the window 24 h after it was sent: in 4 hours.
        assertEquals(4 * 3600, limit.retryAfterSeconds(sends, NOW));
        assertEquals(0, limit.retryAfterSeconds(sends.subList(1, 10), NOW));
    }

    @Test
    void theLongerWaitWins() {
        List<LocalDateTime> sends = new ArrayList<>();
        for (int i = 9; i >= 0; i--) {
            sends.add(NOW.minusMinutes(i * 10L));
        }
        assertEquals(24 * 3600 - 90 * 60, limit.retryAfterSeconds(sends, NOW));
    }

    @Test
    void neverLessThanASecond() {
        assertEquals(1, limit.retryAfterSeconds(List.of(NOW.minusSeconds(59).minusNanos(999_000_000)), NOW));
    }

    @Test
    void aLimitPerDayOnlyLetsAnyNumberGoWithinAMinute() {
        ResendLimit perDay = ResendLimit.perDay(3);
        assertEquals(0, perDay.retryAfterSeconds(List.of(NOW, NOW), NOW));
        assertEquals(24 * 3600 - 5, perDay.retryAfterSeconds(List.of(NOW.minusSeconds(5), NOW, NOW), NOW));
    }
}
