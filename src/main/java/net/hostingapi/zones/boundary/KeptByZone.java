package net.hostingapi.zones.boundary;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.ToLongFunction;

/**
 * One value per zone, bounded by the bytes the values hold: over the bound, the values kept
 * longest ago go first, each in constant time. Read without a lock. Dropping whichever value a
 * walk of the map met first began its walk at the map's first slot each time, past every slot
 * emptied before: a list of 100,000 zones, each rendered and kept, spent a tenth of its time in
 * that walk on a fresh service, more the longer it ran (JFR), and the values dropped first were
 * mostly the ones just kept.
 */
final class KeptByZone<V> {

    private record Kept<V>(long zone, V value) {}

    private final long capacityBytes;
    private final ToLongFunction<V> bytes;
    private final Map<Long, V> byZone = new ConcurrentHashMap<>();

    /** Every value kept, oldest first, with those replaced since until they are passed or swept. */
    private final ArrayDeque<Kept<V>> order = new ArrayDeque<>();

    private long heldBytes;

    KeptByZone(long capacityBytes, ToLongFunction<V> bytes) {
        this.capacityBytes = capacityBytes;
        this.bytes = bytes;
    }

    V get(long zone) {
        return byZone.get(zone);
    }

    /**
     * Keeps {@code value} as the zone's (replacing its earlier one), then drops the values kept
     * longest ago while they hold more than the capacity, never this one.
     *
     * @return the zones whose values were dropped
     */
    synchronized List<Long> keep(long zone, V value) {
        V replaced = byZone.put(zone, value);
        heldBytes += bytes.applyAsLong(value) - (replaced == null ? 0 : bytes.applyAsLong(replaced));
        order.addLast(new Kept<>(zone, value));
        List<Long> dropped = new ArrayList<>();
        while (heldBytes > capacityBytes && order.size() > 1) {
            Kept<V> oldest = order.pollFirst();
            if (oldest.value() == value) {
                order.addFirst(oldest); // the only one left
                break;
            }
            if (byZone.get(oldest.zone()) == oldest.value()) { // else replaced since: passed by
                byZone.remove(oldest.zone()); // only this method changes the map
                heldBytes -= bytes.applyAsLong(oldest.value());
                dropped.add(oldest.zone());
            }
        }
        // Values replaced while nothing had to go would pile up here, each holding its text.
        if (order.size() > 2 * byZone.size() + 64) {
            order.removeIf(kept -> byZone.get(kept.zone()) != kept.value());
        }
        return dropped;
    }

    synchronized long heldBytes() {
        return heldBytes;
    }

    int size() {
        return byZone.size();
    }

    /** Keepings the queue holds, those replaced since included. */
    synchronized int queued() {
        return order.size();
    }
}
