package net.hostingapi.handles.control;

import java.time.Duration;
import java.time.LocalDateTime;
import java.util.List;

/**
 * At most {@code limit} verification mails in any {@code window} (rolling): for one address from
 * all accounts together, and from one account to one address.
 */
public record MailWindow(int limit, Duration window) {

    public MailWindow {
        limit = Math.max(1, limit);
    }

    /**
     * @param times the mails' times within the window before {@code now}, oldest first
     * @return 0 if another may go now, else the seconds until one may (at least 1)
     */
    public long retryAfterSeconds(List<LocalDateTime> times, LocalDateTime now) {
        LocalDateTime may = earliest(times, now);
        if (!may.isAfter(now)) {
            return 0;
        }
        long millis = Duration.between(now, may).toMillis();
        return Math.max(1, (millis + 999) / 1000);
    }

    /**
     * When the next mail to an address may be delivered: now, unless the window would then hold
     * more than {@code limit}; else once the oldest that keeps it full has left it. Mails held
     * back go in the order they were asked for (never before one already scheduled), so every
     * window of the address holds at most {@code limit}.
     *
     * @param scheduled the delivery times of the address's mails after {@code now - window}, the
     *     ones held back (in the future) included, oldest first
     */
    public LocalDateTime nextDelivery(List<LocalDateTime> scheduled, LocalDateTime now) {
        if (scheduled.size() < limit) {
            return now;
        }
        LocalDateTime last = scheduled.get(scheduled.size() - 1);
        LocalDateTime may = earliest(scheduled, now);
        return last.isAfter(may) ? last : may;
    }

    /** The earliest time from {@code now} at which the window ending then holds fewer than {@code limit} of {@code times}. */
    private LocalDateTime earliest(List<LocalDateTime> times, LocalDateTime now) {
        if (times.size() < limit) {
            return now;
        }
        LocalDateTime leaves = times.get(times.size() - limit).plus(window);
        return leaves.isAfter(now) ? leaves : now;
    }
}
