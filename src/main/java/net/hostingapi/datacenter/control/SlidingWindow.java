package net.hostingapi.datacenter.control;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * At most {@code limit} events per key within any window of {@code windowMillis}. Refused
 * attempts are not counted, so a client that keeps knocking is let in again as soon as its
 * oldest accepted request leaves the window. The time is passed in, so the rule is testable.
 */
public final class SlidingWindow {

    private static final int MAX_TRACKED_KEYS = 100_000;

    private final int limit;
    private final long windowMillis;
    private final Map<String, Deque<Long>> events = new ConcurrentHashMap<>();

    public SlidingWindow(int limit, long windowMillis) {
        if (limit < 1 || windowMillis < 1) {
            throw new IllegalArgumentException("limit and window must be positive");
        }
        this.limit = limit;
        this.windowMillis = windowMillis;
    }

    /** Counts one event for {@code key}; returns 0 when it is allowed, else the seconds until one will be. */
    public long acquire(String key, long nowMillis) {
        if (events.size() > MAX_TRACKED_KEYS) {
            events.entrySet().removeIf(e -> isQuiet(e.getValue(), nowMillis));
        }
        Deque<Long> times = events.computeIfAbsent(key, k -> new ArrayDeque<>());
        synchronized (times) {
            while (!times.isEmpty() && times.peekFirst() <= nowMillis - windowMillis) {
                times.removeFirst();
            }
            if (times.size() >= limit) {
                return Math.max(1, (times.peekFirst() + windowMillis - nowMillis + 999) / 1000);
            }
            times.addLast(nowMillis);
            return 0;
        }
    }

    private boolean isQuiet(Deque<Long> times, long nowMillis) {
        synchronized (times) {
            return times.isEmpty() || times.peekLast() <= nowMillis - windowMillis;
        }
    }
}
