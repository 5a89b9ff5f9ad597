package net.hostingapi.zones.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Renderings kept within their bytes: the ones kept longest ago go first, never the one just kept. */
class KeptByZoneTest {

    /** A rendering of {@code bytes} bytes (a new object each time, as every rendering is). */
    private record Text(String name, long bytes) {}

    @Test
    void overCapacityTheValuesKeptLongestAgoGoFirst() {
        KeptByZone<Text> kept = new KeptByZone<>(300, Text::bytes);
        kept.keep(50, new Text("z50", 100));
        kept.keep(7, new Text("z7", 100));
        kept.keep(3, new Text("z3", 100));
        assertEquals(List.of(50L), kept.keep(1, new Text("z1", 100)), "z50 was kept first, though its id is highest");
        assertNull(kept.get(50));
        assertEquals(List.of(7L, 3L), kept.keep(2, new Text("z2", 200)));
        assertNotNull(kept.get(1));
        assertNotNull(kept.get(2));
        assertEquals(300, kept.heldBytes());
    }

    @Test
    void aValueKeptAgainCountsFromItsLatestKeeping() {
        KeptByZone<Text> kept = new KeptByZone<>(300, Text::bytes);
        kept.keep(1, new Text("z1", 100));
        kept.keep(2, new Text("z2", 100));
        kept.keep(3, new Text("z3", 100));
        Text again = new Text("z1 changed", 100);
        assertEquals(List.of(), kept.keep(1, again), "replaced, not added");
        assertEquals(List.of(2L), kept.keep(4, new Text("z4", 100)), "z1 was kept again after z2");
        assertEquals(again, kept.get(1));
        assertEquals(300, kept.heldBytes());
    }

    @Test
    void theValueJustKeptStaysEvenAlone() {
        KeptByZone<Text> kept = new KeptByZone<>(300, Text::bytes);
        kept.keep(1, new Text("z1", 100));
        assertEquals(List.of(1L), kept.keep(2, new Text("z2", 400)));
        assertNotNull(kept.get(2));
        assertEquals(1, kept.size());
    }

    @Test
    void valuesReplacedWhileNothingHadToGoAreNotHeldOn() {
        KeptByZone<Text> kept = new KeptByZone<>(1_000_000, Text::bytes);
        for (int version = 0; version < 10_000; version++) {
            kept.keep(version % 3, new Text("v" + version, 10));
        }
        assertEquals(3, kept.size());
        assertEquals(30, kept.heldBytes());
        assertTrue(kept.queued() <= 2 * 3 + 64, "the replaced ones were swept: " + kept.queued());
    }
}
