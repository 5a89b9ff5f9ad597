package net.hostingapi.platform.control;

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
        Deque<Long> times = timesOf(key, nowMillis);
        synchronized (times) {
            long wait = waitSeconds(times, nowMillis);
            if (wait == 0) {
                times.addLast(nowMillis);
            }
            return wait;
        }
    }

    /** Counts an event that happened anyway (a failed authentication), whatever the count. */
    public void record(String key, long nowMillis) {
        Deque<Long> times = timesOf(key, nowMillis);
        synchronized (times) {
            times.addLast(nowMillis);
            while (times.size() > limit) {
                times.removeFirst();
            }
        }
    }

    /** Seconds until {@code key} may have another event; 0 when it may now. Counts nothing. */
    public long waitSeconds(String key, long nowMillis) {
        Deque<Long> times = events.get(key);
        if (times == null) {
            return 0;
        }
        synchronized (times) {
            return waitSeconds(times, nowMillis);
        }
    }

    private long waitSeconds(Deque<Long> times, long nowMillis) {
        while (!times.isEmpty() && times.peekFirst() <= nowMillis - windowMillis) {
            times.removeFirst();
        }
        return times.size() < limit ? 0 : Math.max(1, (times.peekFirst() + windowMillis - nowMillis + 999) / 1000);
    }

    private Deque<Long> timesOf(String key, long nowMillis) {
        if (events.size() > MAX_TRACKED_KEYS) {
            events.entrySet().removeIf(e -> isQuiet(e.getValue(), nowMillis));
        }
        return events.computeIfAbsent(key, k -> new ArrayDeque<>());
    }

    private boolean isQuiet(Deque<Long> times, long nowMillis) {
        synchronized (times) {
            return times.isEmpty() || times.peekLast() <= nowMillis - windowMillis;
        }
    }
}
