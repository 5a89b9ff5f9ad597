package net.hostingapi.nameserver.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.enterprise.concurrent.ManagedExecutorService;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The rounds of a drain on a clock of the test's: when changes are published at once, when they are gathered. */
class PublicationNudgesTest {

    private static final long GATHER = 200;

    private final PublicationNudges nudges = new PublicationNudges();
    private final List<Long> roundsBegan = new ArrayList<>();
    private final List<Long> waits = new ArrayList<>();
    private long nowMillis;

    /** Per round: how long it takes, how many changes commit meanwhile, whether it skipped a name. */
    private record Round(long millis, int changesMeanwhile, PublicationWorker.Outcome outcome) {
        Round(long millis, int changesMeanwhile, boolean skipped) {
            this(
                    millis,
                    changesMeanwhile,
                    skipped ? PublicationWorker.Outcome.SKIPPED : PublicationWorker.Outcome.DONE);
        }
    }

    private final List<Round> rounds = new ArrayList<>();

    @BeforeEach
    void onTheTestsClock() {
        nudges.gatherMillis = GATHER;
        nudges.clock = () -> TimeUnit.MILLISECONDS.toNanos(nowMillis);
        nudges.waiting = millis -> {
            waits.add(millis);
            nowMillis += millis;
        };
        nudges.worker = new PublicationWorker() {
            @Override
            public Outcome publishDue() {
                roundsBegan.add(nowMillis);
                Round round = rounds.isEmpty() ? new Round(10, 0, false) : rounds.remove(0);
                for (int i = 0; i < round.changesMeanwhile(); i++) {
                    PublicationNudgesTest.this.nudges.onCommit(null); // a drain runs: no executor is asked
                }
                nowMillis += round.millis();
                return round.outcome();
            }
        };
    }

    @Test
    void aChangeWhileNothingIsPublishedIsPublishedAtOnce() {
        nowMillis = 1_000;
        drainThrough();
        assertRounds(List.of(1_000L), List.of());

        nowMillis += 15; // the next change, 15 ms after the round ended: at once again
        drainThrough();
        assertRounds(List.of(1_000L, 1_025L), List.of());
    }

    @Test
    void oneChangeDuringARoundIsPublishedRightAfterIt() {
        // a client that makes its next change as soon as it sees the last one published
        drainThrough(new Round(10, 1, false), new Round(10, 1, false), new Round(10, 0, false));

        assertRounds(List.of(0L, 10L, 20L), List.of());
    }

    @Test
    void aStreamOfChangesIsGatheredIntoOneRoundAfterTheGatheringTime() {
        drainThrough(new Round(10, 3, false), new Round(12, 5, false), new Round(8, 0, false));

        // rounds one gathering time apart, each for all the changes of the one before
        assertRounds(List.of(0L, 200L, 400L), List.of(190L, 188L));
    }

    @Test
    void aRoundLongerThanTheGatheringTimeIsFollowedAtOnce() {
        drainThrough(new Round(350, 4, false), new Round(10, 0, false));

        assertRounds(List.of(0L, 350L), List.of());
    }

    @Test
    void aNameAnotherInstancePublishesIsLookedAtAgainAfterAPause() {
        drainThrough(new Round(10, 0, true), new Round(10, 0, false));

        assertRounds(List.of(0L, 60L), List.of(50L));
    }

    @Test
    void aNamePacedForLaterIsPublishedInARoundAfterTheGatheringTime() {
        // nothing commits meanwhile, but the first round left a stream's name for later
        drainThrough(
                new Round(10, 0, PublicationWorker.Outcome.DEFERRED),
                new Round(10, 0, PublicationWorker.Outcome.DEFERRED),
                new Round(10, 0, false));

        assertRounds(List.of(0L, 200L, 400L), List.of(190L, 190L));
    }

    @Test
    void noGatheringTimePublishesRoundAfterRound() {
        nudges.gatherMillis = 0;
        drainThrough(new Round(10, 2, false), new Round(10, 0, false));

        assertRounds(List.of(0L, 10L), List.of());
    }

    /** Drains once through {@code planned} rounds (then rounds of 10 ms with nothing meanwhile). */
    private void drainThrough(Round... planned) {
        rounds.addAll(List.of(planned));
        nudges.drain();
    }

    private void assertRounds(List<Long> began, List<Long> waited) {
        assertEquals(began, roundsBegan, "when the rounds began");
        assertEquals(waited, waits, "the drain's waits");
    }

    /**
     * Writers committing at once from many threads, each handing its nudge to an executor as in
     * the service: every change is published without a timer's help (a nudge lost between a
     * drain's last look and its end would leave one waiting).
     */
    @Test
    void noChangeIsLeftWaitingWhenManyWritersCommitAtOnce() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        AtomicInteger committed = new AtomicInteger();
        AtomicInteger published = new AtomicInteger();
        PublicationNudges real = new PublicationNudges();
        real.gatherMillis = 2;
        real.executor = (ManagedExecutorService) Proxy.newProxyInstance(
                getClass().getClassLoader(),
                new Class<?>[] {ManagedExecutorService.class},
                (proxy, method, args) -> method.invoke(pool, args));
        real.worker = new PublicationWorker() {
            @Override
            public Outcome publishDue() {
                published.set(committed.get()); // a round publishes everything committed before it
                return Outcome.DONE;
            }
        };
        List<Thread> writers = new ArrayList<>();
        for (int w = 0; w < 8; w++) {
            Thread writer = new Thread(() -> {
                for (int i = 0; i < 2_000; i++) {
                    committed.incrementAndGet();
                    real.onCommit(null);
                }
            });
            writers.add(writer);
            writer.start();
        }
        for (Thread writer : writers) {
            writer.join();
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (published.get() < 16_000 && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        pool.shutdown();
        assertEquals(16_000, published.get(), "changes published by the drains the commits started");
    }
}
