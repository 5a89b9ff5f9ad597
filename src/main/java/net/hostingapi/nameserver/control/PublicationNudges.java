package net.hostingapi.nameserver.control;

import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import java.util.concurrent.atomic.AtomicBoolean;
import net.hostingapi.zones.control.ZonesChanged;

/**
 * When {@link PublicationWorker} drains the outbox: after each commit of a change (published on
 * another thread, so the answer does not wait) and at its timer. One drain at a time; a nudge during
 * a drain makes it go round once more. A CDI bean, so that a commit's nudge costs two atomic reads:
 * observed by the session bean itself, every commit went through the EJB container.
 */
@ApplicationScoped
public class PublicationNudges {

    /** A name another instance was publishing: look again this much later. */
    private static final long SKIPPED_PAUSE_MILLIS = 50;

    @EJB
    PublicationWorker worker;

    @Resource
    ManagedExecutorService executor;

    private final AtomicBoolean running = new AtomicBoolean();
    private final AtomicBoolean again = new AtomicBoolean();

    /**
     * After a change commits: a drain under way takes the change along; handing each commit to
     * the executor cost writers a twentieth of their time (JFR: capturing the thread's context).
     */
    void onCommit(@Observes(during = TransactionPhase.AFTER_SUCCESS) ZonesChanged changed) {
        again.set(true);
        if (!running.get()) {
            executor.execute(this::drain);
        }
    }

    /**
     * Publishes until nothing is due. A nudge that comes as the drain ends is seen by the outer
     * loop (nudgers set {@code again} before they look at {@code running}).
     */
    void drain() {
        again.set(true);
        while (again.get() && running.compareAndSet(false, true)) {
            try {
                while (again.getAndSet(false)) {
                    if (worker.publishDue()) {
                        // Another instance publishes a name we were nudged for; what it read
                        // before our change committed stays waiting: look again shortly.
                        again.set(true);
                        pause();
                    }
                }
            } finally {
                running.set(false);
            }
        }
    }

    private static void pause() {
        try {
            Thread.sleep(SKIPPED_PAUSE_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
