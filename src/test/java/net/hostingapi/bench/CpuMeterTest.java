package net.hostingapi.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.PrimitiveIterator;
import java.util.concurrent.CountDownLatch;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/**
 * The MariaDB round trips of a window: counted when both ends were read, not measured otherwise;
 * and a JVM's CPU read apart by the names of its threads.
 */
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

    @Test
    void threadsAreCountedByTheirNamesApartFromTheRestOfTheirProcess() throws Exception {
        long self = ProcessHandle.current().pid();
        CpuMeter meter = new CpuMeter(Map.of("this JVM", self), null)
                .withThreadsOf(self, "spinner", name -> name.equals("cpumeter-spin"))
                .withThreadsOf(self, "nobody", name -> name.equals("no such thread"));
        meter.opened();
        CountDownLatch read = new CountDownLatch(1);
        CountDownLatch spun = new CountDownLatch(1);
        Thread spinner = new Thread(
                () -> {
                    long until = System.nanoTime() + 400_000_000L;
                    long sum = 0;
                    while (System.nanoTime() < until) {
                        sum += System.nanoTime() % 7;
                    }
                    if (sum == 42) {
                        System.out.println(sum); // keeps the loop from being optimised away
                    }
                    spun.countDown();
                    try {
                        read.await(); // a thread that ended is gone from /proc, and its CPU with it
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                },
                "cpumeter-spin");
        spinner.start();
        spun.await();
        meter.closed();
        read.countDown();
        spinner.join();
        double spinning = meter.perRequestMs("spinner", 1);
        // 400 ms of spinning: at least a quarter of it on a busy machine (ticks are 10 ms)
        assertTrue(spinning >= 100, "the spinner's thread: " + spinning + " ms");
        assertTrue(meter.perRequestMs("this JVM", 1) >= spinning, "the process holds its threads");
        assertEquals(0.0, meter.perRequestMs("nobody", 1));
    }
}
