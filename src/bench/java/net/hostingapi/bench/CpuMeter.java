package net.hostingapi.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * CPU time (user + system, all threads) that processes spend between {@link #opened()} and
 * {@link #closed()}, read from {@code /proc/<pid>/stat}: what a request costs whatever else
 * shares the machine's cores, which throughput on two shared cores cannot show. A process whose
 * stat cannot be read (gone, or on another host) is left out.
 */
final class CpuMeter implements LoadClient.Window {

    /** Clock ticks per second of /proc's utime and stime (USER_HZ: 100 on Linux everywhere in practice). */
    private static final long TICKS_PER_SECOND = readTicksPerSecond();

    private final Map<String, Long> pids;
    private final Map<String, Long> before = new LinkedHashMap<>();
    private final Map<String, Long> spent = new LinkedHashMap<>();
    private final LongSupplier roundTrips;
    private long roundTripsBefore = -1;
    private long roundTripsSpent = -1;

    /**
     * {@code pids}: the processes by the name they are reported under; {@code roundTrips}: the
     * database's count of commands so far (-1 when it cannot be read), or null.
     */
    CpuMeter(Map<String, Long> pids, LongSupplier roundTrips) {
        this.pids = new LinkedHashMap<>(pids);
        this.roundTrips = roundTrips;
    }

    /**
     * Also reads apart the threads of the JVM {@code pid} whose names {@code threads} accepts,
     * reported as {@code name}: which part of a request's CPU its workers spend, and which the
     * compiler, the collector or the publication (a JVM's thread names in /proc are cut at 15
     * characters: "http-thread-poo"). A thread that ends within the window takes its CPU with it
     * out of /proc: the groups read are pools whose threads live on.
     */
    CpuMeter withThreadsOf(long pid, String name, Predicate<String> threads) {
        threadGroups.put(name, new Threads(pid, threads));
        return this;
    }

    private record Threads(long pid, Predicate<String> accepts) {}

    private final Map<String, Threads> threadGroups = new LinkedHashMap<>();

    /**
     * Also reads, at both ends of the window, the database's CPU seconds by the user it worked
     * for ({@code secondsByUser}; empty when unread): a side's own share of the database, told
     * apart from the other side's statements and from the database's work outside any statement.
     */
    CpuMeter withDatabaseUsers(Supplier<Map<String, Double>> secondsByUser) {
        this.databaseUsers = secondsByUser;
        return this;
    }

    private Supplier<Map<String, Double>> databaseUsers;
    private Map<String, Double> usersBefore = Map.of();
    private final Map<String, Double> usersSpent = new LinkedHashMap<>();

    @Override
    public void opened() {
        before.clear();
        spent.clear();
        roundTripsSpent = -1;
        roundTripsBefore = roundTrips == null ? -1 : roundTrips.getAsLong();
        usersSpent.clear();
        usersBefore = databaseUsers == null ? Map.of() : databaseUsers.get();
        pids.forEach((name, pid) -> {
            long ticks = ticks(pid);
            if (ticks >= 0) {
                before.put(name, ticks);
            }
        });
        threadGroups.forEach((name, group) -> {
            long ticks = threadTicks(group.pid(), group.accepts());
            if (ticks >= 0) {
                before.put(name, ticks);
            }
        });
    }

    /**
     * The same meter, but its window closes only once the service has published every change to
     * its nameserver ({@code publicationBacklog} reads how many wait, {@code awaitPublished} waits
     * until none): the publishing that a write load leaves behind is part of what its requests cost,
     * also when the publisher falls behind during the load. Counted on the conservative side: what
     * waited when the window opened (the warm-up's last changes) is in it too.
     */
    CpuMeter untilPublished(IntSupplier publicationBacklog, Runnable awaitPublished) {
        this.publicationBacklog = publicationBacklog;
        this.awaitPublished = awaitPublished;
        return this;
    }

    private IntSupplier publicationBacklog;
    private Runnable awaitPublished;
    private int backlogAtClose = -1;
    private double catchUpSeconds = -1;

    /** Changes waiting for publication when the load's window closed (-1: not a write window). */
    int backlogAtClose() {
        return backlogAtClose;
    }

    /** Seconds from the end of the load's window until the last of its changes was published (-1: not a write window). */
    double catchUpSeconds() {
        return catchUpSeconds;
    }

    @Override
    public void closed() {
        if (awaitPublished != null) {
            backlogAtClose = publicationBacklog.getAsInt();
            long started = System.nanoTime();
            awaitPublished.run();
            catchUpSeconds = (System.nanoTime() - started) / 1e9;
        }
        before.forEach((name, start) -> {
            Threads group = threadGroups.get(name);
            long end = group != null ? threadTicks(group.pid(), group.accepts()) : ticks(pids.get(name));
            if (end >= start) {
                spent.put(name, end - start);
            }
        });
        if (!usersBefore.isEmpty()) {
            Map<String, Double> usersAfter = databaseUsers.get();
            if (!usersAfter.isEmpty()) {
                // a user first seen during the window started from nothing
                usersAfter.forEach((user, seconds) ->
                        usersSpent.put(user, Math.max(0, seconds - usersBefore.getOrDefault(user, 0.0))));
            }
        }
        long after = roundTrips == null || roundTripsBefore < 0 ? -1 : roundTrips.getAsLong();
        // either count unread (MariaDB refusing connections, "Too many connections"): not measured, not 0
        roundTripsSpent = roundTripsBefore >= 0 && after >= roundTripsBefore ? after - roundTripsBefore : -1;
    }

    /** Commands the database answered per request (every client of it), or null when not counted. */
    Double roundTripsPerRequest(long requests) {
        return roundTripsSpent < 0 || requests <= 0 ? null : (double) roundTripsSpent / requests;
    }

    /**
     * Milliseconds of the database's CPU spent on {@code user}'s statements per request (0 when
     * the user asked nothing), or null when the users were not read at both ends.
     */
    Double databaseUserPerRequestMs(String user, long requests) {
        return usersSpent.isEmpty() || requests <= 0 ? null : usersSpent.getOrDefault(user, 0.0) * 1000 / requests;
    }

    /**
     * Milliseconds per request of the database process {@code process} outside every user's
     * statements (InnoDB's flushing and purge, its own timers), or null when not measured.
     */
    Double databaseOutsideStatementsPerRequestMs(String process, long requests) {
        Double whole = perRequestMs(process, requests);
        if (whole == null || usersSpent.isEmpty()) {
            return null;
        }
        double statements =
                usersSpent.values().stream().mapToDouble(Double::doubleValue).sum() * 1000 / requests;
        return Math.max(0, whole - statements);
    }

    /** Milliseconds of CPU the process spent per request over {@code requests}, or null when not measured. */
    Double perRequestMs(String name, long requests) {
        Long ticks = spent.get(name);
        return ticks == null || requests <= 0 ? null : ticks * 1000.0 / TICKS_PER_SECOND / requests;
    }

    /** The sum over the named processes, or null when one of them was not measured. */
    Double perRequestMs(long requests, String... names) {
        double sum = 0;
        for (String name : names) {
            Double ms = perRequestMs(name, requests);
            if (ms == null) {
                return null;
            }
            sum += ms;
        }
        return sum;
    }

    /** utime + stime of the process in clock ticks; -1 when it cannot be read. */
    static long ticks(long pid) {
        return statTicks(Path.of("/proc", Long.toString(pid), "stat"));
    }

    /**
     * utime + stime of the JVM's JIT compiler threads (HotSpot names them "C2 CompilerThread0",
     * "C1 CompilerThread0", ...); -1 when they cannot be read.
     */
    static long compilerTicks(long pid) {
        return threadTicks(pid, COMPILER);
    }

    /** HotSpot's JIT compiler threads, by their name as /proc cuts it. */
    static final Predicate<String> COMPILER = name -> name.contains("CompilerThre");

    /** utime + stime of the threads of {@code pid} whose names {@code accepts}; -1 when they cannot be read. */
    static long threadTicks(long pid, Predicate<String> accepts) {
        try (DirectoryStream<Path> threads = Files.newDirectoryStream(Path.of("/proc", Long.toString(pid), "task"))) {
            long sum = 0;
            for (Path thread : threads) {
                String name;
                try {
                    name = Files.readString(thread.resolve("comm"), StandardCharsets.US_ASCII)
                            .strip();
                } catch (IOException gone) {
                    continue;
                }
                if (accepts.test(name)) {
                    sum += Math.max(0, statTicks(thread.resolve("stat")));
                }
            }
            return sum;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    private static long statTicks(Path statFile) {
        try {
            String stat = Files.readString(statFile, StandardCharsets.US_ASCII);
            // the command name (field 2) may hold spaces and parentheses: count fields after its last ')'
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(fields[11]) + Long.parseLong(fields[12]); // fields 14 and 15 of proc(5)
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** Clock ticks per second, for readers of {@link #ticks} and {@link #threadTicks}. */
    static long ticksPerSecond() {
        return TICKS_PER_SECOND;
    }

    private static long readTicksPerSecond() {
        try {
            Process p = new ProcessBuilder("getconf", "CLK_TCK")
                    .redirectErrorStream(true)
                    .start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).strip();
            p.waitFor();
            return Long.parseLong(out);
        } catch (IOException | RuntimeException e) {
            return 100;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 100;
        }
    }
}
