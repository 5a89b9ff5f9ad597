package net.hostingapi.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Map;
import java.util.PrimitiveIterator;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/** The MariaDB round trips of a window: counted when both ends were read, not measured otherwise. */
class CpuMeterTest {

    private static CpuMeter windowWith(long... counts) {
        PrimitiveIterator.OfLong reads = LongStream.of(counts).iterator();
        CpuMeter meter = new CpuMeter(Map.of(), reads::nextLong);
        meter.opened();
        meter.closed();
        return meter;
    }

    @Test
    void roundTripsAreTheCountsDifferencePerRequest() {
        assertEquals(2.5, windowWith(1_000, 1_250).roundTripsPerRequest(100));
    }

    @Test
    void aCountThatCouldNotBeReadIsNotMeasuredRatherThanNone() {
        assertNull(windowWith(-1, -1).roundTripsPerRequest(100), "both ends unread");
        assertNull(windowWith(1_000, -1).roundTripsPerRequest(100), "the end unread");
    }
}
