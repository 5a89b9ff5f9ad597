package net.hostingapi.accounts.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Counts failed authentications per source address in a sliding minute; past the limit the
 * address is refused with 429 until its oldest failure leaves the window (contract section 8).
 * Kept in memory: a restart forgets, which only helps a legitimate client.
 */
@ApplicationScoped
public class FailedAuthentications {

    private static final long WINDOW_MILLIS = 60_000;
    private static final int MAX_TRACKED_ADDRESSES = 100_000;

    @Inject
    @ConfigProperty(name = "AUTH_FAILURES_PER_MINUTE", defaultValue = "20")
    int limit;

    private final Map<String, Deque<Long>> failures = new ConcurrentHashMap<>();

    public void record(String address) {
        if (failures.size() > MAX_TRACKED_ADDRESSES) {
            failures.entrySet().removeIf(e -> isQuiet(e.getValue(), System.currentTimeMillis()));
        }
        Deque<Long> times = failures.computeIfAbsent(address, a -> new ArrayDeque<>());
        synchronized (times) {
            times.addLast(System.currentTimeMillis());
            while (times.size() > limit + 1) {
                times.removeFirst();
            }
        }
    }

    /** Seconds until the address may try again; 0 when it is not blocked. */
    public long blockedForSeconds(String address) {
        Deque<Long> times = failures.get(address);
        if (times == null) {
            return 0;
        }
        long now = System.currentTimeMillis();
        synchronized (times) {
            while (!times.isEmpty() && times.peekFirst() <= now - WINDOW_MILLIS) {
                times.removeFirst();
            }
            if (times.size() < limit) {
                return 0;
            }
            return Math.max(1, (times.peekFirst() + WINDOW_MILLIS - now + 999) / 1000);
        }
    }

    private static boolean isQuiet(Deque<Long> times, long now) {
        synchronized (times) {
            return times.isEmpty() || times.peekLast() <= now - WINDOW_MILLIS;
        }
    }
}
