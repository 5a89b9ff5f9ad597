package net.hostingapi.nameserver.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.enterprise.concurrent.ManagedExecutorService;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A round of publication: its names published several at once, each once, a failure kept to its name. */
class PublicationWorkerTest {

    private final ExecutorService pool = Executors.newCachedThreadPool();
    private final PublicationWorker worker = new PublicationWorker();
    private final List<String> published = Collections.synchronizedList(new ArrayList<>());
    private final List<String> failed = Collections.synchronizedList(new ArrayList<>());
    private final AtomicInteger failures = new AtomicInteger();

    @AfterEach
    void stopPool() {
        pool.shutdownNow();
    }

    /** The worker with {@code names} due, each published by {@code publish} (true: published, false: held elsewhere). */
    private void due(List<String> names, int parallelism, ExecutorService executor, Predicate<String> publish) {
        Map<String, PublicationWorker.OutboxEntries.Due> due = new LinkedHashMap<>();
        for (int i = 0; i < names.size(); i++) {
            due.put(names.get(i), new PublicationWorker.OutboxEntries.Due(i + 1, 1));
        }
        worker.entries = new PublicationWorker.OutboxEntries() {
            @Override
            public Map<String, Due> due(int limit) {
                return due;
            }

            @Override
            public void failed(String name, long upTo, String error, Duration longest) {
                failed.add(name);
            }
        };
        worker.sync = new ZoneSync() {
            @Override
            public boolean publishPending(String name) {
                boolean done = publish.test(name);
                if (done) {
                    published.add(name);
                }
                return done;
            }

            @Override
            public boolean ensureLockRow(String name) {
                return false;
            }
        };
        worker.parallelism = parallelism;
        worker.executor = (ManagedExecutorService) Proxy.newProxyInstance(
                getClass().getClassLoader(), new Class<?>[] {ManagedExecutorService.class}, (proxy, method, args) -> {
                    try {
                        return method.invoke(executor, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
        worker.metrics = (MetricRegistry) Proxy.newProxyInstance(
                getClass().getClassLoader(),
                new Class<?>[] {MetricRegistry.class},
                (proxy, method, args) -> method.getName().equals("counter")
                        ? Proxy.newProxyInstance(
                                getClass().getClassLoader(), new Class<?>[] {Counter.class}, (p, m, a) -> {
                                    if (m.getName().equals("inc")) {
                                        failures.incrementAndGet();
                                    }
                                    return null;
                                })
                        : null);
        worker.nameIntervalMillis = 1_000;
        worker.pace();
    }

    private static List<String> names(int count) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            names.add("z" + i + ".example");
        }
        return names;
    }

    @Test
    void aBacklogIsPublishedSeveralNamesAtOnce() {
        // each publication waits until four are under way: one name at a time, none would finish
        CountDownLatch underWay = new CountDownLatch(4);
        AtomicInteger metTheOthers = new AtomicInteger();
        int names = 4 * PublicationWorker.NAMES_PER_PUBLISHER;
        due(names(names), 4, pool, name -> {
            underWay.countDown();
            try {
                if (underWay.await(5, TimeUnit.SECONDS)) {
                    metTheOthers.incrementAndGet();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return true;
        });

        assertEquals(PublicationWorker.Outcome.DONE, worker.publishDue());
        assertEquals(names, metTheOthers.get(), "publications that met three others under way");
        assertEquals(names, published.size());
    }

    @Test
    void aRoundOfFewNamesIsPublishedByTheDrainingThreadAlone() {
        Thread draining = Thread.currentThread();
        List<Thread> publishers = Collections.synchronizedList(new ArrayList<>());
        due(names(PublicationWorker.NAMES_PER_PUBLISHER), 4, pool, name -> publishers.add(Thread.currentThread()));

        assertEquals(PublicationWorker.Outcome.DONE, worker.publishDue());
        assertEquals(PublicationWorker.NAMES_PER_PUBLISHER, published.size());
        assertEquals(Set.of(draining), Set.copyOf(publishers));
    }

    @Test
    void everyDueNameIsPublishedOnceAndTheRoundEndsWithTheLast() {
        List<String> names = names(200);
        AtomicInteger underWay = new AtomicInteger();
        Thread draining = Thread.currentThread();
        due(names, 4, pool, name -> {
            underWay.incrementAndGet();
            try {
                // the helpers' nameserver answers slower: they are still publishing as the names run out
                Thread.sleep(Thread.currentThread() == draining ? 1 : 10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                underWay.decrementAndGet();
            }
            return true;
        });

        assertEquals(PublicationWorker.Outcome.DONE, worker.publishDue());
        assertEquals(0, underWay.get(), "publications under way after the round returned");
        List<String> each = new ArrayList<>(published);
        Collections.sort(each);
        List<String> expected = new ArrayList<>(names);
        Collections.sort(expected);
        assertEquals(expected, each);
    }

    @Test
    void aFailureBacksOffItsNameAndTheOthersArePublished() {
        due(names(200), 4, pool, name -> {
            if (name.equals("z7.example")) {
                throw new NameserverPublisher.Unavailable("PowerDNS answered 500", null);
            }
            return true;
        });

        assertEquals(PublicationWorker.Outcome.DONE, worker.publishDue());
        assertEquals(List.of("z7.example"), failed);
        assertEquals(1, failures.get());
        assertEquals(199, published.size());
    }

    @Test
    void aNameHeldByAnotherPublisherMakesTheRoundSkipped() {
        due(names(200), 4, pool, name -> !name.equals("z3.example"));

        assertEquals(PublicationWorker.Outcome.SKIPPED, worker.publishDue());
        assertEquals(199, published.size());
    }

    @Test
    void anExecutorThatTakesNoTaskLeavesTheRoundToTheDrainingThread() {
        ExecutorService refusing = Executors.newSingleThreadExecutor();
        refusing.shutdown(); // rejects every task
        due(names(200), 4, refusing, name -> true);

        assertEquals(PublicationWorker.Outcome.DONE, worker.publishDue());
        assertEquals(200, published.size());
    }
}
