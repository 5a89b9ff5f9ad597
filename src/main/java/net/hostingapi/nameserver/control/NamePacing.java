package net.hostingapi.nameserver.control;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * When this instance last published each name, so that a name whose changes come as a stream
 * reaches the nameserver at most once per interval: every publication costs PowerDNS a
 * transaction of its own (a database connection, its statements prepared anew, the zone's metadata
 * and SOA read), some 40 % of MariaDB's CPU of an addition at 300 a second on 20 zones while it
 * also rectified the zone each time. A
 * name with a single change waiting is published at once, however recently it was published
 * before: a client that makes one change after another sees each of them at once. Times are those
 * of the rounds ({@link System#nanoTime()} as a round begins): a name published in one round
 * is published again in the first round that begins an interval later.
 */
final class NamePacing {

    /** Names remembered at most; beyond, those published longer ago than the interval are forgotten. */
    static final int CAPACITY = 10_000;

    /** Changes of one name waiting together that make a stream. */
    static final int STREAM = 2;

    private final long intervalNanos;
    private final Map<String, Long> lastPublished = new ConcurrentHashMap<>();

    NamePacing(long intervalMillis) {
        this.intervalNanos = TimeUnit.MILLISECONDS.toNanos(Math.max(0, intervalMillis));
    }

    /** Whether a name with {@code waiting} changes waiting must wait, in the round that began at {@code now}. */
    boolean deferred(String name, int waiting, long now) {
        if (waiting < STREAM || intervalNanos == 0) {
            return false;
        }
        Long last = lastPublished.get(name);
        return last != null && now - last < intervalNanos;
    }

    /** The name published in the round that began at {@code now}. */
    void published(String name, long now) {
        if (lastPublished.size() >= CAPACITY) {
            lastPublished.values().removeIf(at -> now - at >= intervalNanos);
        }
        if (lastPublished.size() < CAPACITY) {
            lastPublished.put(name, now);
        }
    }
}
