package net.hostingapi.handles.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class MailWindowTest {

    private static final LocalDateTime NOW = LocalDateTime.of(2026, 11, 29, 12, 0, 0);
    private static final MailWindow TEN_A_DAY = new MailWindow(10, Duration.ofDays(1));

    private static List<LocalDateTime> hoursAgo(int... hours) {
        List<LocalDateTime> times = new ArrayList<>();
        for (int h : hours) {
            times.add(NOW.minusHours(h));
        }
        return times;
    }

    @Test
    void belowTheLimitAMailGoesNow() {
        assertEquals(NOW, TEN_A_DAY.nextDelivery(hoursAgo(9, 8, 7, 6, 5, 4, 3, 2, 1), NOW));
        assertEquals(0, TEN_A_DAY.retryAfterSeconds(hoursAgo(9, 8, 7, 6, 5, 4, 3, 2, 1), NOW));
    }

    @Test
    void aFullWindowHoldsTheMailUntilItsOldestHasLeft() {
        List<LocalDateTime> ten = hoursAgo(20, 8, 7, 6, 5, 4, 3, 2, 1, 0);
        assertEquals(NOW.plusHours(4), TEN_A_DAY.nextDelivery(ten, NOW));
        assertEquals(4 * 3600, TEN_A_DAY.retryAfterSeconds(ten, NOW));
    }

    @Test
    void heldMailsGoInTurnAndEveryWindowHoldsAtMostTheLimit() {
        MailWindow twoAMinute = new MailWindow(2, Duration.ofMinutes(1));
        List<LocalDateTime> scheduled = new ArrayList<>(List.of(NOW.minusSeconds(50), NOW.minusSeconds(10)));
        LocalDateTime third = twoAMinute.nextDelivery(scheduled, NOW);
        assertEquals(NOW.plusSeconds(10), third);
        scheduled.add(third);
        LocalDateTime fourth = twoAMinute.nextDelivery(scheduled, NOW);
        assertEquals(NOW.plusSeconds(50), fourth, "a minute after the mail of ten seconds ago");
        scheduled.add(fourth);
        LocalDateTime fifth = twoAMinute.nextDelivery(scheduled, NOW);
        assertEquals(NOW.plusSeconds(70), fifth);
        scheduled.add(fifth);
        for (LocalDateTime end : scheduled) {
            long inWindow = scheduled.stream()
                    .filter(t -> t.isAfter(end.minusMinutes(1)) && !t.isAfter(end))
                    .count();
            assertTrue(inWindow <= 2, "window ending " + end + ": " + inWindow);
        }
    }

    @Test
    void neverBeforeAMailAlreadyHeldBack() {
        MailWindow two = new MailWindow(2, Duration.ofMinutes(1));
        List<LocalDateTime> scheduled = List.of(NOW.minusSeconds(59), NOW.plusSeconds(30));
        assertEquals(NOW.plusSeconds(30), two.nextDelivery(scheduled, NOW));
    }
}
