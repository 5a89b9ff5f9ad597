package net.hostingapi.zones;

import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.interceptor.Interceptor;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import net.hostingapi.zones.control.editing.ZoneEditOutcome;

/**
 * Puts two additions to one zone in the order busy cores give them now and then: the first
 * commits, the second commits, the first is rendered, then the second. The first addition's
 * writer waits after its commit, before the service renders it, until the second has committed;
 * the second waits there until the first has been rendered. Only zones named {@code interleaved-*},
 * only additions of a record named {@code first} or {@code second}; a wait gives up after 30
 * seconds, so a broken order fails the test instead of hanging it.
 */
@ApplicationScoped
public class InterleavedAdditions {

    static final String ZONES = "interleaved-";

    private record Order(CountDownLatch secondCommitted, CountDownLatch firstRendered) {}

    private static final Map<String, Order> BY_ZONE = new ConcurrentHashMap<>();

    /** Before the service's own observers (default priority, APPLICATION + 500). */
    void committed(
            @Observes(during = TransactionPhase.AFTER_SUCCESS) @Priority(Interceptor.Priority.APPLICATION)
                    ZoneEditOutcome changed)
            throws InterruptedException {
        Order order = order(changed);
        if (order == null) {
            return;
        }
        if (adds(changed, "first")) {
            order.secondCommitted().await(30, TimeUnit.SECONDS);
        } else if (adds(changed, "second")) {
            order.secondCommitted().countDown();
            order.firstRendered().await(30, TimeUnit.SECONDS);
        }
    }

    /** After the service's own observers. */
    void rendered(
            @Observes(during = TransactionPhase.AFTER_SUCCESS) @Priority(Interceptor.Priority.APPLICATION + 1000)
                    ZoneEditOutcome changed) {
        Order order = order(changed);
        if (order != null && adds(changed, "first")) {
            order.firstRendered().countDown();
        }
    }

    private static Order order(ZoneEditOutcome changed) {
        String zone = changed.zone().name();
        return zone.startsWith(ZONES)
                ? BY_ZONE.computeIfAbsent(zone, z -> new Order(new CountDownLatch(1), new CountDownLatch(1)))
                : null;
    }

    private static boolean adds(ZoneEditOutcome changed, String name) {
        return changed.added().stream().anyMatch(r -> r.name().equals(name));
    }
}
