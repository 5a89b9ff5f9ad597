package net.hostingapi.forwarding.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import net.hostingapi.zones.control.ZonesChanged;
import net.hostingapi.zones.entity.RecordType;

/**
 * Which host names forward where (HTTP_REDIRECT and HTTP_FRAME records), cached so that a
 * forwarded request does not query the database each time. Every committed zone change clears
 * the cache; entries also expire after a minute, for changes made through another instance.
 * Hosts are what clients send, so the cache is bounded and misses are cached too.
 */
@ApplicationScoped
public class WebForwards {

    /** Where a host forwards to, and whether by redirect or in a frame. */
    public record Forward(RecordType type, String url) {
    }

    private record Entry(Optional<Forward> forward, long expiresAt) {
    }

    private static final long LIFETIME = Duration.ofMinutes(1).toMillis();
    private static final int MAX_ENTRIES = 10_000;

    @Inject
    ForwardFinder finder;

    private final Map<String, Entry> cache = new ConcurrentHashMap<>();

    public Optional<Forward> lookup(String host) {
        String name = host.toLowerCase(java.util.Locale.ROOT).replaceAll("\\.$", "");
        long now = System.currentTimeMillis();
        Entry entry = cache.get(name);
        if (entry == null || entry.expiresAt() < now) {
            if (cache.size() >= MAX_ENTRIES) {
                cache.clear();
            }
            entry = new Entry(finder.find(name), now + LIFETIME);
            cache.put(name, entry);
        }
        return entry.forward();
    }

    void onCommit(@Observes(during = TransactionPhase.AFTER_SUCCESS) ZonesChanged changed) {
        cache.clear();
    }
}
