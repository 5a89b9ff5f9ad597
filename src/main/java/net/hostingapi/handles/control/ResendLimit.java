package net.hostingapi.handles.control;

import java.time.Duration;
import java.time.LocalDateTime;
import java.util.List;

/**
 * How many verification mails one handle (or account, or address) may get: at most
 * {@code perMinute} in any minute and {@code perDay} in any 24 hours (rolling windows, api.md, Limits).
 */
public record ResendLimit(int perMinute, int perDay) {

    /** Only a limit per 24 hours (per account, per recipient). */
    public static ResendLimit perDay(int perDay) {
        return new ResendLimit(Integer.MAX_VALUE, Math.max(1, perDay));
    }

    /**
     * @param sends the times of the handle's mails of the last 24 hours, oldest first
     * @return 0 if another mail may go now, else the seconds until one may (at least 1)
     */
    public long retryAfterSeconds(List<LocalDateTime> sends, LocalDateTime now) {
        return Math.max(
                wait(sends, now, Duration.ofMinutes(1), perMinute), wait(sends, now, Duration.ofDays(1), perDay));
    }

    private static long wait(List<LocalDateTime> sends, LocalDateTime now, Duration window, int limit) {
        List<LocalDateTime> inWindow =
                sends.stream().filter(t -> t.isAfter(now.minus(window))).toList();
        if (inWindow.size() < limit) {
            return 0;
        }
        // The window admits another mail once all but limit-1 of those in it have left it.
        LocalDateTime leaves = inWindow.get(inWindow.size() - limit).plus(window);
        long millis = Duration.between(now, leaves).toMillis();
        return Math.max(1, (millis + 999) / 1000);
    }
}
