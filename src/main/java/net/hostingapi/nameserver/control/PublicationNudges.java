package net.hostingapi.nameserver.control;

import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.inject.Inject;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;
import net.hostingapi.zones.control.ZonesChanged;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * When {@link PublicationWorker} drains the outbox: after each commit of a change (published on
 * another thread, so the answer does not wait) and at its timer. One drain at a time; a nudge during
 * a drain makes it go round once more. A CDI bean, so that a commit's nudge costs an atomic
 * increment and read: observed by the session bean itself, every commit went through the EJB container.
 *
 * <p>A change is published at once, and so is the one change a client makes after seeing its last
 * one published. When several changes commit while a round publishes, changes are coming as a
 * stream: the next round starts {@code PUBLISH_GATHER_MILLIS} after the one before it began and
 * publishes each name once for all that gathered. At 300 changes a second on 20 zones, publishing
 * every change on its own cost each one a PATCH at PowerDNS (a transaction in its database) and
 * some ten round trips of ours to the database. A round may leave a name for later ({@link
 * NamePacing}): then another round follows after the gathering time, changes or not.
 */
@ApplicationScoped
public class PublicationNudges {

    /** A name another instance was publishing: look again this much later. */
    private static final long SKIPPED_PAUSE_MILLIS = 50;

    /** Changes committed during one round that make a stream, to be gathered. */
    private static final int STREAM = 2;

    @EJB
    PublicationWorker worker;

    @Resource
    ManagedExecutorService executor;

    @Inject
    @ConfigProperty(name = "PUBLISH_GATHER_MILLIS", defaultValue = "500")
    long gatherMillis;

    /** How a drain waits; a test replaces it, with {@link #clock}, to follow the rounds without waiting. */
    Waiting waiting = Thread::sleep;

    LongSupplier clock = System::nanoTime;

    private final AtomicBoolean running = new AtomicBoolean();

    /** Changes committed since the last round began. */
    private final AtomicInteger changes = new AtomicInteger();

    /**
     * After a change commits: a drain under way takes the change along; handing each commit to
     * the executor cost writers a twentieth of their time (JFR: capturing the thread's context).
     */
    void onCommit(@Observes(during = TransactionPhase.AFTER_SUCCESS) ZonesChanged changed) {
        changes.incrementAndGet();
        if (!running.get()) {
            executor.execute(this::drain);
        }
    }

    /**
     * Publishes until nothing is due: one round at once, then more while changes come. A change
     * that commits as the drain ends is seen by the outer loop (nudgers count before they look at
     * {@code running}); a drain that finds another running leaves the work to it.
     */
    void drain() {
        do {
            if (!running.compareAndSet(false, true)) {
                return;
            }
            try {
                long roundBegan = 0;
                int meanwhile = 0;
                do {
                    if (meanwhile >= STREAM) {
                        gather(roundBegan);
                    }
                    // reset after the gathering: a change that commits while it waits is in this round
                    changes.set(0);
                    roundBegan = clock.getAsLong();
                    PublicationWorker.Outcome outcome = worker.publishDue();
                    if (outcome == PublicationWorker.Outcome.SKIPPED) {
                        // Another instance publishes a name we were nudged for; what it read
                        // before our change committed stays waiting: look again shortly.
                        sleep(SKIPPED_PAUSE_MILLIS);
                        changes.incrementAndGet();
                    } else if (outcome == PublicationWorker.Outcome.DEFERRED) {
                        // a name paced for a later round: another round, after the gathering time
                        if (gatherMillis <= 0) {
                            sleep(SKIPPED_PAUSE_MILLIS);
                        }
                        changes.addAndGet(STREAM);
                    }
                    meanwhile = changes.get();
                } while (meanwhile > 0);
            } finally {
                running.set(false);
            }
        } while (changes.get() > 0);
    }

    /** Waits until {@code gatherMillis} have passed since the last round began. */
    private void gather(long roundBegan) {
        long left = gatherMillis - TimeUnit.NANOSECONDS.toMillis(clock.getAsLong() - roundBegan);
        if (left > 0) {
            sleep(left);
        }
    }

    private void sleep(long millis) {
        try {
            waiting.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @FunctionalInterface
    interface Waiting {
        void sleep(long millis) throws InterruptedException;
    }
}
