package net.hostingapi.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.PrimitiveIterator;
import java.util.concurrent.CountDownLatch;
import java.util.function.Supplier;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/**
 * The MariaDB round trips of a window: counted when both ends were read, not measured otherwise;
 * MariaDB's CPU by the user it worked for, and outside every user's statements; and a JVM's CPU
 * read apart by the names of its threads.
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

    private static CpuMeter usersWindow(Map<String, Long> processes, List<Map<String, Double>> reads) {
        Iterator<Map<String, Double>> next = reads.iterator();
        CpuMeter meter = new CpuMeter(processes, null).withDatabaseUsers(() -> new HashMap<>(next.next()));
        meter.opened();
        meter.closed();
        return meter;
    }

    @Test
    void theDatabasesCpuIsToldApartByTheUserItWorkedFor() {
        CpuMeter meter = usersWindow(
                Map.of(),
                List.of(
                        Map.of("bench_service", 1.0, "bench_pdns", 2.0),
                        Map.of("bench_service", 1.5, "bench_pdns", 2.0, "root", 0.25)));
        assertEquals(250.0, meter.databaseUserPerRequestMs("bench_service", 2));
        assertEquals(0.0, meter.databaseUserPerRequestMs("bench_pdns", 2), "asked nothing in the window");
        assertEquals(125.0, meter.databaseUserPerRequestMs("root", 2), "first seen during the window");
        assertEquals(0.0, meter.databaseUserPerRequestMs("nobody", 2));
    }

    @Test
    void usersThatCouldNotBeReadAreNotMeasuredRatherThanNone() {
        assertNull(usersWindow(Map.of(), List.of(Map.of(), Map.of("a", 1.0))).databaseUserPerRequestMs("a", 1));
        assertNull(usersWindow(Map.of(), List.of(Map.of("a", 1.0), Map.of())).databaseUserPerRequestMs("a", 1));
    }

    @Test
    void whatNoStatementHoldsIsTheProcessLessEveryUsersShare() {
        long self = ProcessHandle.current().pid();
        long until = System.nanoTime() + 300_000_000L;
        CpuMeter meter = new CpuMeter(Map.of("database", self), null).withDatabaseUsers(new Supplier<>() {
            boolean opened;

            @Override
            public Map<String, Double> get() {
                if (!opened) {
                    opened = true;
                    return Map.of("a", 0.0);
                }
                return Map.of("a", 0.05);
            }
        });
        meter.opened();
        long sum = 0;
        while (System.nanoTime() < until) {
            sum += System.nanoTime() % 7;
        }
        meter.closed();
        double whole = meter.perRequestMs("database", 1);
        assertTrue(whole >= 100 || sum == 42, "this JVM spun: " + whole + " ms");
        assertEquals(Math.max(0, whole - 50), meter.databaseOutsideStatementsPerRequestMs("database", 1), 1e-9);
        assertNull(new CpuMeter(Map.of("database", self), null).databaseOutsideStatementsPerRequestMs("database", 1));
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
