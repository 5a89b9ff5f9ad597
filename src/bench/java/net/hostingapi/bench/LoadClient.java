package net.hostingapi.bench;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.Phaser;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntFunction;
import java.util.function.LongFunction;
import java.util.function.Supplier;

/**
 * Drives one operation from a fixed number of threads: a warm-up, then a timed or counted
 * measurement. Every latency of the measurement is kept; throughput and percentiles are computed
 * here, over successful (2xx) calls only, and errors are counted apart. Every loop is bounded in
 * count and in time.
 */
final class LoadClient {

    /** Calls per thread at most, whatever the plan says: a bound should the clock misbehave. */
    private static final int MAX_CALLS_PER_THREAD = 2_000_000;

    private LoadClient() {}

    /** One call; answers its HTTP status (a JDBC call answers 200). An exception counts as a failed call. */
    @FunctionalInterface
    interface Operation {
        int call() throws Exception;
    }

    /** Told when the measurement starts and when it ends (a timed plan's warm-up is outside; a counted plan's inside). */
    interface Window {
        void opened();

        void closed();

        Window NONE = new Window() {
            @Override
            public void opened() {}

            @Override
            public void closed() {}
        };
    }

    /**
     * Timed (warm-up and measurement by the clock) or counted (calls per thread), either way within
     * {@code limit}; or open (a fixed {@code rate} of requests per second, by the clock).
     */
    record Plan(
            int threads,
            Duration warmup,
            Duration measure,
            int warmupCalls,
            int measureCalls,
            Duration limit,
            int rate) {

        static Plan timed(int threads, Duration warmup, Duration measure) {
            return new Plan(threads, warmup, measure, 0, 0, warmup.plus(measure), 0);
        }

        static Plan counted(int threads, int warmupCalls, int measureCalls, Duration limit) {
            return new Plan(threads, null, null, warmupCalls, measureCalls, limit, 0);
        }

        static Plan open(int rate, Duration warmup, Duration measure) {
            return new Plan(0, warmup, measure, 0, 0, warmup.plus(measure), rate);
        }

        boolean isTimed() {
            return measure != null;
        }

        String describe() {
            if (rate > 0) {
                return "open loop, " + rate + " requests/s, " + warmup.toSeconds() + " s warm-up + "
                        + measure.toSeconds() + " s measured";
            }
            return isTimed()
                    ? threads + " clients, " + warmup.toSeconds() + " s warm-up + " + measure.toSeconds()
                            + " s measured"
                    : threads + " client" + (threads == 1 ? "" : "s") + ", " + warmupCalls + " warm-up + "
                            + measureCalls + " measured calls" + (threads == 1 ? "" : " each") + " (at most "
                            + limit.toSeconds() + " s)";
        }
    }

    /**
     * The outcome. {@code measured}, {@code seconds}, throughput and percentiles cover the successful
     * calls of the measurement; the counts {@code calls} to {@code failed} cover warm-up and measurement.
     */
    record Result(
            Plan plan,
            long measured,
            double seconds,
            double throughput,
            double p50Ms,
            double p99Ms,
            long calls,
            long ok,
            long non2xx,
            long status5xx,
            long failed,
            String firstProblem,
            boolean cutShort) {

        String errors() {
            return non2xx + " / " + status5xx + " / " + failed + " of " + calls;
        }

        /** Every call answered, and with a 2xx (the 5xx answers are counted among the non-2xx). */
        boolean errorFree() {
            return non2xx == 0 && failed == 0;
        }
    }

    /** An operation sending {@code request} with {@code client}; the body is read to its end and dropped. */
    static Operation http(HttpClient client, Supplier<HttpRequest> request) {
        return () -> client.send(request.get(), HttpResponse.BodyHandlers.discarding())
                .statusCode();
    }

    static Result run(Plan plan, IntFunction<Operation> perThread) {
        return run(plan, perThread, Window.NONE);
    }

    static Result run(Plan plan, IntFunction<Operation> perThread, Window window) {
        List<Operation> operations = new ArrayList<>();
        for (int i = 0; i < plan.threads(); i++) {
            operations.add(perThread.apply(i));
        }
        CyclicBarrier start = new CyclicBarrier(plan.threads() + 1);
        // A counted plan's window opens once every thread has made its warm-up calls, before any
        // makes a measured one (the last to arrive opens it); a thread that stops early leaves.
        Phaser warmedUp = new Phaser(plan.threads()) {
            @Override
            protected boolean onAdvance(int phase, int registeredParties) {
                window.opened();
                return true;
            }
        };
        Worker[] workers = new Worker[plan.threads()];
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < plan.threads(); i++) {
            workers[i] = new Worker(plan, operations.get(i), start, plan.isTimed() ? null : warmedUp);
            Thread thread = new Thread(workers[i], "load-" + i);
            thread.setDaemon(true);
            threads.add(thread);
            thread.start();
        }
        long t0;
        try {
            start.await(30, TimeUnit.SECONDS);
            t0 = System.nanoTime();
            for (Worker worker : workers) {
                worker.t0 = t0;
            }
        } catch (Exception e) {
            threads.forEach(Thread::interrupt);
            throw new IllegalStateException("The load threads did not start", e);
        }
        if (plan.isTimed()) {
            sleepUntil(t0 + plan.warmup().toNanos());
            window.opened();
            sleepUntil(t0 + plan.warmup().plus(plan.measure()).toNanos());
            window.closed();
        }
        // A call in flight at the end may take up to the request timeout; after that the run is cut short.
        long deadline = t0 + plan.limit().plusSeconds(90).toNanos();
        boolean cutShort = false;
        for (Thread thread : threads) {
            try {
                long left = deadline - System.nanoTime();
                thread.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
                if (thread.isAlive()) {
                    cutShort = true;
                    thread.interrupt();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                threads.forEach(Thread::interrupt);
                throw new IllegalStateException("Interrupted", e);
            }
        }
        if (!plan.isTimed()) {
            window.closed();
        }
        return summarise(plan, workers, cutShort);
    }

    /**
     * An open loop: {@code plan.rate()} requests a second, each sent at its scheduled time whether
     * or not earlier ones were answered, and timed from that scheduled time, so that a stall shows
     * in the latencies of every request it delayed (no coordinated omission). The window covers
     * the measured schedule.
     */
    static Result open(Plan plan, HttpClient client, LongFunction<HttpRequest> request, Window window) {
        long interval = 1_000_000_000L / plan.rate();
        long warmupCalls = plan.warmup().toSeconds() * plan.rate();
        long total = warmupCalls + plan.measure().toSeconds() * plan.rate();
        Worker tally = new Worker(plan, null, null, null);
        List<CompletableFuture<Void>> pending = new ArrayList<>();
        long t0 = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(20);
        for (long n = 0; n < total; n++) {
            long scheduled = t0 + n * interval;
            if (n == warmupCalls) {
                sleepUntil(scheduled);
                window.opened();
            }
            sleepUntil(scheduled);
            boolean measuring = n >= warmupCalls;
            pending.add(client.sendAsync(request.apply(n), HttpResponse.BodyHandlers.discarding())
                    .handle((response, error) -> {
                        tally.count(
                                measuring,
                                scheduled,
                                System.nanoTime(),
                                response == null ? -1 : response.statusCode(),
                                error);
                        return null;
                    }));
        }
        sleepUntil(t0 + total * interval);
        window.closed();
        boolean cutShort = false;
        try {
            CompletableFuture.allOf(pending.toArray(CompletableFuture[]::new)).get(90, TimeUnit.SECONDS);
        } catch (Exception e) {
            cutShort = true;
        }
        tally.t0 = t0;
        synchronized (tally) {
            return summarise(plan, new Worker[] {tally}, cutShort);
        }
    }

    private static void sleepUntil(long nanoTime) {
        for (long left = nanoTime - System.nanoTime(); left > 0; left = nanoTime - System.nanoTime()) {
            LockSupport.parkNanos(left);
        }
    }

    private static Result summarise(Plan plan, Worker[] workers, boolean cutShort) {
        long calls = 0, ok = 0, non2xx = 0, status5xx = 0, failed = 0;
        long firstStart = Long.MAX_VALUE, lastEnd = Long.MIN_VALUE;
        int measured = 0;
        String problem = null;
        for (Worker w : workers) {
            calls += w.calls;
            ok += w.ok;
            non2xx += w.non2xx;
            status5xx += w.status5xx;
            failed += w.failed;
            measured += w.latencies.size;
            if (w.latencies.size > 0) {
                firstStart = Math.min(firstStart, w.firstMeasuredStart);
                lastEnd = Math.max(lastEnd, w.lastMeasuredEnd);
            }
            if (problem == null) {
                problem = w.firstProblem;
            }
            cutShort |= w.cutShort;
        }
        long[] all = new long[measured];
        int at = 0;
        for (Worker w : workers) {
            System.arraycopy(w.latencies.values, 0, all, at, w.latencies.size);
            at += w.latencies.size;
        }
        Arrays.sort(all);
        double seconds;
        if (plan.isTimed()) {
            // the measurement window, stretched to the end of the last call that started inside it
            long windowEnd = Math.max(
                    workers.length == 0
                            ? 0
                            : workers[0].t0 + plan.warmup().plus(plan.measure()).toNanos(),
                    measured == 0 ? 0 : lastEnd);
            seconds = (windowEnd - (workers[0].t0 + plan.warmup().toNanos())) / 1e9;
        } else {
            seconds = measured == 0 ? 0 : (lastEnd - firstStart) / 1e9;
        }
        return new Result(
                plan,
                measured,
                seconds,
                seconds > 0 ? measured / seconds : 0,
                percentile(all, 50) / 1e6,
                percentile(all, 99) / 1e6,
                calls,
                ok,
                non2xx,
                status5xx,
                failed,
                problem,
                cutShort);
    }

    /** Nearest-rank percentile of sorted values; 0 when there are none. */
    static long percentile(long[] sorted, double p) {
        if (sorted.length == 0) {
            return 0;
        }
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
    }

    private static final class Worker implements Runnable {
        private final Plan plan;
        private final Operation operation;
        private final CyclicBarrier start;
        /** A counted plan's: arrived at once its warm-up calls are made, left when the thread stops before. */
        private final Phaser warmedUp;
        /** Whether this thread arrived at {@link #warmedUp} (then it must not leave it too). */
        private boolean arrived;

        private final Longs latencies = new Longs();
        volatile long t0;
        long calls, ok, non2xx, status5xx, failed;
        long firstMeasuredStart = Long.MAX_VALUE, lastMeasuredEnd = Long.MIN_VALUE;
        String firstProblem;
        boolean cutShort;

        Worker(Plan plan, Operation operation, CyclicBarrier start, Phaser warmedUp) {
            this.plan = plan;
            this.operation = operation;
            this.start = start;
            this.warmedUp = warmedUp;
        }

        @Override
        public void run() {
            try {
                start.await(30, TimeUnit.SECONDS);
            } catch (Exception e) {
                firstProblem = "did not start: " + e;
                return;
            }
            while (t0 == 0) {
                Thread.onSpinWait();
            }
            long warmEnd = plan.isTimed() ? t0 + plan.warmup().toNanos() : 0;
            long measureEnd = plan.isTimed() ? warmEnd + plan.measure().toNanos() : 0;
            long limit = t0 + plan.limit().toNanos();
            int wanted = plan.isTimed()
                    ? MAX_CALLS_PER_THREAD
                    : Math.min(MAX_CALLS_PER_THREAD, plan.warmupCalls() + plan.measureCalls());
            try {
                calls(wanted, measureEnd, warmEnd, limit);
            } finally {
                if (warmedUp != null && !arrived) {
                    warmedUp.arriveAndDeregister();
                }
            }
        }

        private void calls(int wanted, long measureEnd, long warmEnd, long limit) {
            for (int n = 0; n < wanted && !Thread.currentThread().isInterrupted(); n++) {
                if (warmedUp != null && n == plan.warmupCalls()) {
                    arrived = true;
                    warmedUp.arriveAndAwaitAdvance();
                }
                long begin = System.nanoTime();
                if (plan.isTimed() ? begin >= measureEnd : begin >= limit) {
                    cutShort = !plan.isTimed();
                    break;
                }
                boolean measuring = plan.isTimed() ? begin >= warmEnd : n >= plan.warmupCalls();
                int status;
                try {
                    status = operation.call();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                } catch (Exception e) {
                    count(measuring, begin, System.nanoTime(), -1, e);
                    continue;
                }
                count(measuring, begin, System.nanoTime(), status, null);
            }
        }

        /** One call's outcome (status -1 with {@code error}: no answer); synchronized for the open loop's completion threads. */
        synchronized void count(boolean measuring, long begin, long end, int status, Throwable error) {
            calls++;
            if (error != null) {
                failed++;
                if (firstProblem == null) {
                    firstProblem = error.toString();
                }
            } else if (status >= 200 && status < 300) {
                ok++;
                if (measuring) {
                    latencies.add(end - begin);
                    firstMeasuredStart = Math.min(firstMeasuredStart, begin);
                    lastMeasuredEnd = Math.max(lastMeasuredEnd, end);
                }
            } else {
                non2xx++;
                if (status >= 500) {
                    status5xx++;
                }
                if (firstProblem == null) {
                    firstProblem = "HTTP " + status;
                }
            }
        }
    }

    /** A growing array of longs, without boxing every latency. */
    private static final class Longs {
        long[] values = new long[1024];
        int size;

        void add(long value) {
            if (size == values.length) {
                values = Arrays.copyOf(values, size * 2);
            }
            values[size++] = value;
        }
    }
}
