package net.hostingapi.bench;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.StringReader;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import net.hostingapi.bench.LoadClient.Plan;
import net.hostingapi.bench.LoadClient.Result;
import net.hostingapi.bench.Report.Ratio;
import net.hostingapi.support.PowerDnsServer;
import net.hostingapi.support.SecondaryServer;
import org.xbill.DNS.ARecord;
import org.xbill.DNS.DClass;
import org.xbill.DNS.ExtendedFlags;
import org.xbill.DNS.Message;
import org.xbill.DNS.Name;
import org.xbill.DNS.RRSIGRecord;
import org.xbill.DNS.Rcode;
import org.xbill.DNS.Record;
import org.xbill.DNS.Section;
import org.xbill.DNS.SimpleResolver;
import org.xbill.DNS.TSIG;
import org.xbill.DNS.TXTRecord;
import org.xbill.DNS.Type;
import org.xbill.DNS.Update;

/**
 * The benchmark ({@code mvn -Pbench package}): starts MariaDB, PowerDNS and the service
 * (BenchEnvironment), runs every scenario against the service and, where it has the equivalent,
 * against PowerDNS's own HTTP API with the same load client (DNS UPDATEs against PowerDNS's own
 * RFC 2136, with signed UPDATEs of the same client), and writes target/bench/results.md
 * and results.csv. Exits non-zero when something it needs is missing or a scenario failed; targets
 * that do not hold are reported, not failed.
 */
public final class Benchmark {

    private static final String NS1 = "ns1.hostingapi.test.";
    private static final String NS2 = "ns2.hostingapi.test.";

    /** Counts and durations, from the environment so that a quick trial run is possible; the defaults are the documented run. */
    record Settings(
            int jitWarmupSeconds,
            int warmupSeconds,
            int measureSeconds,
            int floorWarmupSeconds,
            int floorMeasureSeconds,
            int countedWarmup,
            int countedMeasure,
            int createMeasure,
            int changes,
            int listZones,
            int openRate,
            int bigZones,
            int jitSettleRounds) {

        static Settings fromEnvironment() {
            return new Settings(
                    env("BENCH_JIT_WARMUP_SECONDS", 40),
                    env("BENCH_WARMUP_SECONDS", 10),
                    env("BENCH_MEASURE_SECONDS", 20),
                    env("BENCH_FLOOR_WARMUP_SECONDS", 5),
                    env("BENCH_FLOOR_MEASURE_SECONDS", 10),
                    env("BENCH_COUNTED_WARMUP", 3),
                    env("BENCH_COUNTED_MEASURE", 20),
                    // 20 creations were measured in under a second: one collector cycle or compilation
                    // falling into it or not swung the service's CPU per creation from 33 to 68 ms
                    env("BENCH_CREATE_MEASURE", 100),
                    env("BENCH_CHANGES", 200),
                    env("BENCH_LIST_ZONES", 10_000),
                    env("BENCH_OPEN_RATE", 300),
                    env("BENCH_BIG_ZONES", 100_000),
                    env("BENCH_JIT_SETTLE_ROUNDS", 12));
        }

        private static int env(String name, int fallback) {
            String value = System.getenv(name);
            return value == null || value.isBlank() ? fallback : Integer.parseInt(value.strip());
        }

        Plan timed(int threads) {
            return Plan.timed(threads, Duration.ofSeconds(warmupSeconds), Duration.ofSeconds(measureSeconds));
        }

        Plan open() {
            return Plan.open(openRate, Duration.ofSeconds(warmupSeconds), Duration.ofSeconds(measureSeconds));
        }

        Plan counted() {
            return Plan.counted(1, countedWarmup, countedMeasure, Duration.ofSeconds(60));
        }

        String describe() {
            return String.format(
                    Locale.ROOT,
                    "the service's JVM warmed up first by %d s of shows, %d s of additions and %d s of list pages on"
                            + " zones of their own, then in rounds until its compiler is quiet (see the notes); throughput scenarios %d s warm-up + %d s measured; sequential scenarios (list, "
                            + "show of 10 000) 1 client, %d warm-up + %d measured calls (at most 60 s), create %d measured calls after "
                            + CREATE_WARMUP_CALLS
                            + " warm-up calls (ours after rounds of creations until its compiler is quiet, see the notes); change → nameserver %d changes "
                            + "after 5 warm-up changes; floor %d s + %d s; list: %,d zones; open loop %d requests/s; "
                            + "ten times the data: %,d zones of %d records",
                    jitWarmupSeconds,
                    jitWarmupSeconds,
                    jitWarmupSeconds / 4,
                    warmupSeconds,
                    measureSeconds,
                    countedWarmup,
                    countedMeasure,
                    createMeasure,
                    changes,
                    floorWarmupSeconds,
                    floorMeasureSeconds,
                    listZones,
                    openRate,
                    bigZones,
                    BIG_RECORDS_PER_ZONE);
        }
    }

    private final BenchEnvironment env;
    private final Report report;
    private final Settings settings;
    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .build();
    private String token;
    private boolean failed;
    /** The processes whose CPU time is read (the service's changes when it is restarted). */
    private Map<String, Long> processes;
    /** p50s of the small case, which the run on ten times the data is held against. */
    private final Map<String, Double> smallCase = new HashMap<>();
    /** "add on 20 zones" as measured in this run, which the Galera scenario is held against. */
    private GaleraScenario.OneNode oneNodeAdd;

    private boolean jitWarmedUp;

    private static final int BIG_RECORDS_PER_ZONE = 10;

    private Benchmark(BenchEnvironment env, Report report, Settings settings) {
        this.env = env;
        this.report = report;
        this.settings = settings;
    }

    public static void main(String[] args) {
        long begun = System.nanoTime();
        List<String> problems = Prerequisites.problems();
        if (!problems.isEmpty()) {
            System.err.println("[bench] The benchmark cannot run:");
            problems.forEach(p -> System.err.println("[bench]   " + p));
            System.exit(2);
        }
        Settings settings = Settings.fromEnvironment();
        Path dir = Path.of(System.getProperty("bench.dir", "target/bench"));
        int exit = 0;
        Report report = new Report();
        try (BenchEnvironment env = BenchEnvironment.start(dir)) {
            Benchmark bench = new Benchmark(env, report, settings);
            bench.describeMachine(begun);
            bench.runAll();
            report.header("Run time (start of the harness to the last figure): "
                    + TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - begun) + " s; load average at the end: "
                    + loadAverage());
            report.write(env.dir());
            System.out.println();
            System.out.println(report.markdown());
            BenchEnvironment.log("Written " + env.dir().resolve("results.md") + " and "
                    + env.dir().resolve("results.csv"));
            exit = bench.failed ? 1 : 0;
        } catch (Throwable e) {
            System.err.println("[bench] The benchmark failed: " + e);
            e.printStackTrace();
            exit = 1;
        }
        BenchEnvironment.log(
                "Everything stopped; " + TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - begun) + " s in all");
        System.exit(exit);
    }

    private void runAll() throws Exception {
        processes = env.processes();
        report.note(
                env.secondsPerCpuTimeUnit() > 0
                        ? String.format(
                                Locale.ROOT,
                                "MariaDB's CPU by user (the service as %s, PowerDNS as %s): USER_STATISTICS.CPU_TIME,"
                                        + " calibrated at %.0e s a unit against the process's CPU.",
                                BenchEnvironment.SERVICE_DB_USER,
                                BenchEnvironment.PDNS_DB_USER,
                                env.secondsPerCpuTimeUnit())
                        : "MariaDB's CPU by user is not measured (USER_STATISTICS could not be calibrated).");
        token = newCustomer("bench");
        scenario("cold start", this::coldStart);
        scenario("floor", this::floor);
        scenario("warm-up of the service's JVM", this::warmUpService);
        scenario("show 100", this::show100);
        scenario("add on 20 zones", () -> addRecords("add one record, 20 clients on 20 zones", 20, true));
        scenario("add on one zone", () -> addRecords("add one record, 20 clients on ONE zone", 1, false));
        scenario("keyed add", this::keyedAdd);
        scenario("show at a fixed rate", this::showOpenLoop);
        scenario("add at a fixed rate", this::addOpenLoop);
        scenario("change to nameserver", this::changeToNameserver);
        scenario("signed change to nameserver", this::signedChangeToNameserver);
        scenario("DNS UPDATE", this::dnsUpdate);
        scenario("change to secondary", this::changeToSecondary);
        scenario("signed change to secondary", this::signedChangeToSecondary);
        scenario("catalog", this::catalogToSecondary);
        scenario("create 1000", this::create1000);
        scenario("show 10 000", this::show10000);
        scenario("list 10 000 zones", this::listZones);
        scenario("ten times the data", this::tenTimesTheData);
        scenario("add on Galera", () -> new GaleraScenario(env, report, settings, http).run(this::oneNodeAdd));
    }

    /** The one-node figure of "add on 20 zones", measured now (after the JIT warm-up) if this run has none yet. */
    private GaleraScenario.OneNode oneNodeAdd() throws Exception {
        if (oneNodeAdd == null) {
            if (!jitWarmedUp) {
                warmUpService();
            }
            addRecords("add one record, 20 clients on 20 zones", 20, true);
        }
        return oneNodeAdd;
    }

    @FunctionalInterface
    private interface Step {
        void run() throws Exception;
    }

    /** A scenario that fails is reported and the others still run; the exit code says so at the end. */
    private void scenario(String name, Step step) {
        String only = System.getenv("BENCH_ONLY"); // a trial of some scenarios: their names, comma-separated
        if (only != null && !only.isBlank() && !List.of(only.split("\\s*,\\s*")).contains(name)) {
            return;
        }
        BenchEnvironment.log("--- " + name);
        try {
            step.run();
        } catch (Exception | AssertionError e) {
            failed = true;
            report.note("Scenario \"" + name + "\" failed: " + e);
            e.printStackTrace();
        }
    }

    // ---- scenarios

    private void coldStart() {
        double seconds = env.coldStartSeconds();
        report.add(
                "cold start of the service",
                "JVM start → first 200 on /api/v1/account/permissions (s)",
                seconds,
                null,
                null,
                Ratio.NONE,
                "≤ 20 s",
                seconds <= 20);
        report.note(String.format(
                Locale.ROOT,
                "Cold start: %.1f s from the service's JVM start, %.1f s from starting the run command "
                        + "(ServiceLauncher), on an empty database (Flyway migrates it during the start); %s.",
                seconds,
                env.runCommandStartSeconds(),
                env.startCpu()));
    }

    private void floor() throws SQLException {
        BenchEnvironment.MariaDb db = env.db();
        try (Connection c = db.connect(BenchEnvironment.SCRATCH_DB);
                Statement s = c.createStatement()) {
            s.execute("CREATE TABLE kv (id INT PRIMARY KEY, v VARCHAR(64) NOT NULL) ENGINE = InnoDB");
            s.execute(
                    "CREATE TABLE ins (id BIGINT AUTO_INCREMENT PRIMARY KEY, t INT NOT NULL, n BIGINT NOT NULL, v VARCHAR(64) NOT NULL) ENGINE = InnoDB");
            c.setAutoCommit(false);
            try (PreparedStatement insert = c.prepareStatement("INSERT INTO kv (id, v) VALUES (?, ?)")) {
                for (int i = 0; i < 10_000; i++) {
                    insert.setInt(1, i);
                    insert.setString(2, "value " + i);
                    insert.addBatch();
                }
                insert.executeBatch();
            }
            c.commit();
        }
        Plan plan = Plan.timed(
                20,
                Duration.ofSeconds(settings.floorWarmupSeconds()),
                Duration.ofSeconds(settings.floorMeasureSeconds()));
        String scenario = "floor: MariaDB over JDBC, 20 threads, autocommit";
        Result reads = jdbc(plan, "SELECT v FROM kv WHERE id = ?", (ps, t, n) -> {
            ps.setInt(1, ThreadLocalRandom.current().nextInt(10_000));
            try (ResultSet rows = ps.executeQuery()) {
                if (!rows.next()) {
                    throw new SQLException("row missing");
                }
            }
        });
        report.run(scenario + ", primary-key read", "MariaDB", reads);
        Result inserts = jdbc(plan, "INSERT INTO ins (t, n, v) VALUES (?, ?, ?)", (ps, t, n) -> {
            ps.setInt(1, t);
            ps.setLong(2, n);
            ps.setString(3, "value " + n);
            ps.executeUpdate();
        });
        report.run(scenario + ", single-row insert", "MariaDB", inserts);
        report.add(scenario, "primary-key reads/s", null, null, reads.throughput(), Ratio.NONE, null, null);
        report.add(scenario, "primary-key read p50 (ms)", null, null, reads.p50Ms(), Ratio.NONE, null, null);
        report.add(scenario, "primary-key read p99 (ms)", null, null, reads.p99Ms(), Ratio.NONE, null, null);
        report.add(scenario, "single-row inserts/s", null, null, inserts.throughput(), Ratio.NONE, null, null);
        report.add(scenario, "single-row insert p50 (ms)", null, null, inserts.p50Ms(), Ratio.NONE, null, null);
        report.add(scenario, "single-row insert p99 (ms)", null, null, inserts.p99Ms(), Ratio.NONE, null, null);
    }

    @FunctionalInterface
    private interface JdbcCall {
        void call(PreparedStatement statement, int thread, long n) throws SQLException;
    }

    private Result jdbc(Plan plan, String sql, JdbcCall call) throws SQLException {
        List<Connection> connections = new ArrayList<>();
        try {
            List<PreparedStatement> statements = new ArrayList<>();
            for (int i = 0; i < plan.threads(); i++) {
                Connection c = env.db().connect(BenchEnvironment.SCRATCH_DB);
                connections.add(c);
                statements.add(c.prepareStatement(sql));
            }
            return LoadClient.run(plan, t -> {
                PreparedStatement ps = statements.get(t);
                long[] n = {0};
                return () -> {
                    call.call(ps, t, n[0]++);
                    return 200;
                };
            });
        } finally {
            for (Connection c : connections) {
                c.close();
            }
        }
    }

    /**
     * Payara's JIT compiles some 25 000 methods; after a 10 s warm-up its C2 compiler still took
     * a core for minutes, so a scenario's own warm-up measured the compiler, not the service.
     * A long-running server is past that: shows and additions on zones used by nothing else,
     * once, before the first measurement (PowerDNS, compiled ahead, needs none).
     */
    private void warmUpService() throws Exception {
        warmUp("warmup");
        jitWarmedUp = settings.jitWarmupSeconds() > 0;
    }

    /**
     * The JIT warm-up on zones named after {@code prefix} (again after a restart, on zones of its
     * own): shows, then additions, each for {@code BENCH_JIT_WARMUP_SECONDS}; then rounds of 10 s of
     * each until the JIT compiler's threads spent less than 2 % of a core
     * over a round (at most {@code BENCH_JIT_SETTLE_ROUNDS} rounds). After a fixed 80 s the
     * compiler still took a tenth of a core, which the scenarios then measured as the service's.
     */
    private void warmUp(String prefix) throws Exception {
        if (settings.jitWarmupSeconds() <= 0) {
            return;
        }
        String shown = prefix + "-show.ours.bench.test";
        createOurs(shown, ZoneContent.of(100));
        HttpRequest show = oursRequest("GET", "/api/v1/dns/zones/show?zone=" + shown, null);
        Duration time = Duration.ofSeconds(settings.jitWarmupSeconds());
        warmUpLoads(show, prefix + "0", time);
        long pid = env.servicePid();
        Settled settled = settle(
                settings.jitSettleRounds(),
                "JIT warm-up",
                round -> compilerShareDuring(pid, () -> warmUpLoads(show, prefix + round, Duration.ofSeconds(10))));
        report.note(String.format(
                Locale.ROOT,
                "JIT warm-up (%s): %d s of shows, %d s of additions and %d s of list pages, then %d round(s) of"
                        + " 10 s, 10 s and 2.5 s each until the compiler took %s over a round.",
                prefix,
                settings.jitWarmupSeconds(),
                settings.jitWarmupSeconds(),
                settings.jitWarmupSeconds() / 4,
                settled.rounds(),
                settled.describe()));
        awaitPublished();
    }

    /**
     * Waits (at most 20 s) until the service's JIT compiler took less than the settled share of a
     * core over half a second: what the calls before a window made it compile is their cost.
     */
    private void awaitQuietCompiler() throws Exception {
        long pid = env.servicePid();
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < until) {
            if (compilerShareDuring(pid, () -> Thread.sleep(500)) < SETTLED_COMPILER_SHARE) {
                return;
            }
        }
    }

    /**
     * The share of a core that the JIT compiler threads of JVM {@code pid} took while {@code step}
     * ran (0 when they cannot be read).
     */
    private static double compilerShareDuring(long pid, Step step) throws Exception {
        long ticks = CpuMeter.compilerTicks(pid);
        long started = System.nanoTime();
        step.run();
        long after = CpuMeter.compilerTicks(pid);
        return ticks < 0 || after < 0
                ? 0
                : (after - ticks) / (double) CpuMeter.ticksPerSecond() / ((System.nanoTime() - started) / 1e9);
    }

    /** The JIT compiler counts as settled below this share of one core. */
    private static final double SETTLED_COMPILER_SHARE = 0.02;

    /** One round of a warm-up, given its number; answers the compiler's share of a core during it. */
    private interface Round {
        double run(int round) throws Exception;
    }

    /** How many rounds a warm-up took, and the compiler's share of a core during the last. */
    private record Settled(int rounds, double share) {

        String describe() {
            return String.format(
                    Locale.ROOT,
                    "%.1f %% of a core (settled below %.0f %%: %s)",
                    share * 100,
                    SETTLED_COMPILER_SHARE * 100,
                    share >= 0 && share < SETTLED_COMPILER_SHARE ? "yes" : "no");
        }
    }

    /**
     * Runs {@code round} until the compiler took under {@link #SETTLED_COMPILER_SHARE} of a core
     * during one, at most {@code most} times, logging each as {@code name}.
     */
    private static Settled settle(int most, String name, Round round) throws Exception {
        double share = -1;
        int rounds = 0;
        while (rounds < most) {
            rounds++;
            share = round.run(rounds);
            BenchEnvironment.log(String.format(
                    Locale.ROOT, "%s round %d: the compiler took %.1f %% of a core", name, rounds, share * 100));
            if (share < SETTLED_COMPILER_SHARE) {
                break;
            }
        }
        return new Settled(rounds, share);
    }

    /**
     * 50 clients showing {@code show}, then 20 adding records to 20 new empty zones named after
     * {@code tag}, then 2 listing pages of those zones (by offset with the name filter, and after a
     * cursor) for a quarter of the time: the list's own code was still being compiled when the
     * page of the large account was measured after its restart (right after a restart, the 20
     * calls after the first 3 took 14 ms at p50, calls 300 on 4 ms; measured with a script against
     * the run command on an account of 1,000 zones). Not creations of large zones: with them in
     * each round, the additions measured after the warm-up cost three times their CPU (the
     * compiler still took a tenth of a core during them); the create scenario warms up its own.
     */
    private void warmUpLoads(HttpRequest show, String tag, Duration time) throws Exception {
        LoadClient.run(Plan.timed(50, time, Duration.ofSeconds(1)), t -> LoadClient.http(http, () -> show));
        List<String> zones = new ArrayList<>();
        for (int z = 0; z < 20; z++) {
            zones.add("w" + z + "." + tag + ".ours.bench.test");
            createOurs(zones.get(z), ZoneContent.of(0));
        }
        LoadClient.run(Plan.timed(20, time, Duration.ofSeconds(1)), t -> {
            String zone = zones.get(t % zones.size());
            long[] n = {0};
            return () -> http.send(
                            oursRequest(
                                    "POST",
                                    "/api/v1/dns/zones/records/add",
                                    "{\"zone\":\"" + zone + "\",\"records\":[{\"name\":\"j" + t + "n" + n[0]++
                                            + "\",\"type\":\"A\",\"data\":\"192.0.2.9\"}]}"),
                            HttpResponse.BodyHandlers.discarding())
                    .statusCode();
        });
        List<HttpRequest> pages = List.of(
                oursRequest("GET", "/api/v1/dns/zones?limit=20&offset=0&name=." + tag + ".", null),
                oursRequest("GET", "/api/v1/dns/zones?limit=20&after=" + zones.get(3), null));
        LoadClient.run(
                Plan.timed(2, time.dividedBy(4), Duration.ofSeconds(1)),
                t -> LoadClient.http(http, () -> pages.get(t % pages.size())));
    }

    private void show100() throws Exception {
        String scenario = "show a zone of 100 records, 50 clients";
        ZoneContent content = ZoneContent.of(100);
        String ours = "show100.ours.bench.test";
        String theirs = "show100.pdns.bench.test";
        createOurs(ours, content);
        createPdns(theirs, content);
        awaitPublished();
        HttpRequest ourShow = oursRequest("GET", "/api/v1/dns/zones/show?zone=" + ours, null);
        HttpRequest pdnsShow = pdnsRequest("GET", "/zones/" + theirs + ".", null);
        check(records(parse(expect(ourShow, 200).body())).size() == 100, "our show answers 100 records");
        check(
                parse(expect(pdnsShow, 200).body()).getJsonArray("rrsets").size() >= 100,
                "PowerDNS answers the 100 rrsets");

        double maxHeap = HeapSampler.maxHeapMiB(env.servicePid());
        Result o;
        HeapSampler heap = HeapSampler.start(env.servicePid());
        CpuMeter ourCpu = cpu();
        try {
            o = LoadClient.run(settings.timed(50), t -> LoadClient.http(http, () -> ourShow), ourCpu);
        } finally {
            heap.close();
        }
        report.run(scenario, "ours", o);
        CpuMeter pdnsCpu = cpu();
        Result p = LoadClient.run(settings.timed(50), t -> LoadClient.http(http, () -> pdnsShow), pdnsCpu);
        report.run(scenario, "PowerDNS", p);
        smallCase.put("show", o.p50Ms());
        reportCpu(scenario, ourCpu, o.measured(), pdnsCpu, p.measured(), 3);
        double ratio = Report.throughputRatio(o, p);
        report.add(
                scenario,
                "throughput (req/s)",
                o.throughput(),
                p.throughput(),
                null,
                Ratio.THROUGHPUT,
                "ours ≥ 3× PowerDNS",
                ratio >= 3);
        report.add(scenario, "p50 (ms)", o.p50Ms(), p.p50Ms(), null, Ratio.LATENCY, null, null);
        report.add(
                scenario,
                "p99 (ms)",
                o.p99Ms(),
                p.p99Ms(),
                null,
                Ratio.LATENCY,
                "ours < 20 ms",
                o.measured() > 0 && o.p99Ms() < 20);
        report.addText(scenario, "errors (non-2xx / 5xx / failed of calls)", o.errors(), p.errors(), null, null);

        report.add(
                "peak heap of the service under the show load",
                "used heap (MiB), sampled every 200 ms",
                heap.peakMiB(),
                null,
                null,
                Ratio.NONE,
                "≤ 512 MiB",
                heap.samples() > 0 && heap.peakMiB() <= 512);
        report.note(String.format(
                Locale.ROOT,
                "Heap: peak %.0f MiB used of a %.0f MiB maximum heap (the run command's JAVA_HEAP), "
                        + "%d jstat samples, %d full collections during the show load.",
                heap.peakMiB(),
                maxHeap,
                heap.samples(),
                heap.fullGcs()));
    }

    /** Each client adds records with names of its own, one per request, to zone {@code t % zones}. */
    /**
     * What an Idempotency-Key costs (issue 60): add one record, 20 clients on 20 zones, each
     * request with a fresh key, beside the same without keys, in alternating rounds so that the
     * machine's drift falls on both. Target: a keyed add at most 10 % more CPU of the API's process
     * than a plain one (its key is one more row in the change's transaction, its answer one UPDATE).
     */
    private void keyedAdd() throws Exception {
        String scenario = "keyed add: add one record, 20 clients on 20 zones, with and without Idempotency-Key";
        List<String> zones = new ArrayList<>();
        for (int z = 0; z < 20; z++) {
            zones.add("z" + z + ".keyed.ours.bench.test");
            createOurs(zones.get(z), ZoneContent.of(0));
        }
        awaitPublished();
        String service = BenchEnvironment.SERVICE, db = BenchEnvironment.MARIADB;
        double[] serviceMs = new double[2], dbMs = new double[2];
        long[] requests = new long[2], failed = new long[2];
        for (int round = 0; round < 4; round++) {
            int keyed = round % 2;
            int r = round;
            CpuMeter meter = writeCpu();
            Result result = LoadClient.run(
                    settings.timed(20),
                    t -> {
                        String zone = zones.get(t);
                        long[] n = {0};
                        return () -> {
                            HttpRequest addition = ourAddition(token, zone, "r" + r + "w" + t + "n" + n[0]++);
                            if (keyed == 1) {
                                addition = HttpRequest.newBuilder(addition, (name, value) -> true)
                                        .header(
                                                "Idempotency-Key",
                                                UUID.randomUUID().toString())
                                        .build();
                            }
                            return http.send(addition, HttpResponse.BodyHandlers.discarding())
                                    .statusCode();
                        };
                    },
                    meter);
            report.run(scenario, keyed == 1 ? "ours, keyed" : "ours, plain", result);
            requests[keyed] += result.measured();
            serviceMs[keyed] += meter.perRequestMs(service, result.measured()) * result.measured();
            Double database = meter.perRequestMs(db, result.measured());
            dbMs[keyed] += database == null ? 0 : database * result.measured();
            failed[keyed] += result.non2xx() + result.failed();
            awaitPublished();
        }
        double plainService = serviceMs[0] / requests[0], keyedService = serviceMs[1] / requests[1];
        double plainDb = dbMs[0] / requests[0], keyedDb = dbMs[1] / requests[1];
        oursOnly(scenario, "CPU per request: the API's process, plain add (ms)", plainService);
        oursOnly(scenario, "CPU per request: the API's process, keyed add (ms)", keyedService);
        oursOnly(scenario, "CPU per request: MariaDB, plain add (ms)", plainDb);
        oursOnly(scenario, "CPU per request: MariaDB, keyed add (ms)", keyedDb);
        double more = (keyedService / plainService - 1) * 100;
        report.note(String.format(
                Locale.ROOT,
                "%s: the API's process %.2f ms per keyed add against %.2f ms per plain add (%+.1f %%; target"
                        + " at most +10 %%: %s); MariaDB %.2f against %.2f ms (%+.1f %%); %d keyed and %d plain"
                        + " adds measured, %d and %d not answered 2xx.",
                scenario,
                keyedService,
                plainService,
                more,
                more <= 10 ? "met" : "NOT met",
                keyedDb,
                plainDb,
                (keyedDb / plainDb - 1) * 100,
                requests[1],
                requests[0],
                failed[1],
                failed[0]));
    }

    private void addRecords(String scenario, int zoneCount, boolean throughputTarget) throws Exception {
        String tag = zoneCount == 1 ? "one" : "many";
        List<String> ourZones = new ArrayList<>();
        List<String> pdnsZones = new ArrayList<>();
        for (int z = 0; z < zoneCount; z++) {
            ourZones.add("z" + z + "." + tag + ".ours.bench.test");
            pdnsZones.add("z" + z + "." + tag + ".pdns.bench.test");
            createOurs(ourZones.get(z), ZoneContent.of(0));
            createPdns(pdnsZones.get(z), ZoneContent.of(0));
        }
        awaitPublished();
        Set<String> ourAcks = ConcurrentHashMap.newKeySet();
        CpuMeter ourCpu = writeCpu();
        Result o = LoadClient.run(
                settings.timed(20),
                t -> {
                    String zone = ourZones.get(t % zoneCount);
                    long[] n = {0};
                    return () -> {
                        String name = "w" + t + "n" + n[0]++;
                        int status = http.send(ourAddition(token, zone, name), HttpResponse.BodyHandlers.discarding())
                                .statusCode();
                        if (status / 100 == 2) {
                            ourAcks.add(zone + " " + name);
                        }
                        return status;
                    };
                },
                ourCpu);
        report.run(scenario, "ours", o);
        awaitPublished(); // our publications to PowerDNS must not load it while it is measured
        Set<String> pdnsAcks = ConcurrentHashMap.newKeySet();
        CpuMeter pdnsCpu = cpu();
        Result p = LoadClient.run(
                settings.timed(20),
                t -> {
                    String zone = pdnsZones.get(t % zoneCount);
                    long[] n = {0};
                    return () -> {
                        String name = "w" + t + "n" + n[0]++;
                        int status = http.send(pdnsAddition(zone, name), HttpResponse.BodyHandlers.discarding())
                                .statusCode();
                        if (status / 100 == 2) {
                            pdnsAcks.add(zone + " " + name);
                        }
                        return status;
                    };
                },
                pdnsCpu);
        report.run(scenario, "PowerDNS", p);
        if (throughputTarget) {
            smallCase.put("add", o.p50Ms());
        }
        reportCpu(scenario, ourCpu, o.measured(), pdnsCpu, p.measured(), throughputTarget ? 2 : 0);

        Set<String> ourStored = new HashSet<>();
        for (String zone : ourZones) {
            for (JsonObject r :
                    records(parse(expect(oursRequest("GET", "/api/v1/dns/zones/show?zone=" + zone, null), 200)
                            .body()))) {
                if (r.getString("name").startsWith("w")) {
                    ourStored.add(zone + " " + r.getString("name"));
                }
            }
        }
        Set<String> pdnsStored = new HashSet<>();
        for (String zone : pdnsZones) {
            for (JsonObject rrset : parse(expect(pdnsRequest("GET", "/zones/" + zone + ".", null), 200)
                            .body())
                    .getJsonArray("rrsets")
                    .getValuesAs(JsonObject.class)) {
                String name = rrset.getString("name");
                if (name.startsWith("w")
                        && rrset.getString("type").equals("A")
                        && !rrset.getJsonArray("records").isEmpty()) {
                    pdnsStored.add(zone + " " + name.substring(0, name.length() - zone.length() - 2));
                }
            }
        }
        long ourLost = ourAcks.stream().filter(a -> !ourStored.contains(a)).count();
        long pdnsLost = pdnsAcks.stream().filter(a -> !pdnsStored.contains(a)).count();
        if (throughputTarget) {
            oneNodeAdd = new GaleraScenario.OneNode(o, ourCpu, p, pdnsCpu, jitWarmedUp);
        }
        report.note(String.format(
                Locale.ROOT,
                "%s: ours acknowledged %d writes and stored %d records (%d lost); PowerDNS acknowledged %d "
                        + "and stored %d rrsets (%d lost). A write that failed without an answer may still be stored.",
                scenario,
                ourAcks.size(),
                ourStored.size(),
                ourLost,
                pdnsAcks.size(),
                pdnsStored.size(),
                pdnsLost));

        double ratio = Report.throughputRatio(o, p);
        report.add(
                scenario,
                "throughput (req/s)",
                o.throughput(),
                p.throughput(),
                null,
                Ratio.THROUGHPUT,
                throughputTarget ? "ours ≥ 2× PowerDNS" : null,
                throughputTarget ? ratio >= 2 : null);
        report.add(scenario, "p50 (ms)", o.p50Ms(), p.p50Ms(), null, Ratio.LATENCY, null, null);
        report.add(scenario, "p99 (ms)", o.p99Ms(), p.p99Ms(), null, Ratio.LATENCY, null, null);
        if (throughputTarget) {
            report.addText(scenario, "errors (non-2xx / 5xx / failed of calls)", o.errors(), p.errors(), null, null);
            report.addCounts(scenario, "lost writes (acknowledged, not stored)", ourLost, pdnsLost, null, null);
        } else {
            report.addText(
                    scenario,
                    "non-2xx answers (error rate)",
                    rate(o.non2xx(), o.calls()),
                    rate(p.non2xx(), p.calls()),
                    null,
                    null);
            report.addCounts(scenario, "5xx answers", o.status5xx(), p.status5xx(), "ours: 0", o.status5xx() == 0);
            report.addCounts(scenario, "failed without an answer", o.failed(), p.failed(), null, null);
            report.addCounts(
                    scenario, "lost writes (acknowledged, not stored)", ourLost, pdnsLost, "ours: 0", ourLost == 0);
        }
    }

    /** Time from sending records/add until PowerDNS, fed by the service, answers the new record over DNS. */
    private void changeToNameserver() throws Exception {
        changeToNameserver("change → answered by the nameserver", "ns.ours.bench.test", false);
    }

    /**
     * The same for a zone the nameserver signs (issue 20): each change timed until its record is
     * answered with its signature (an RRSIG over the A RRset, asked with the DO bit).
     */
    private void signedChangeToNameserver() throws Exception {
        changeToNameserver(
                "change of a signed zone → answered signed by the nameserver", "signed.ours.bench.test", true);
    }

    private void changeToNameserver(String scenario, String zone, boolean signed) throws Exception {
        createOurs(zone, ZoneContent.of(10));
        if (signed) {
            sign(zone);
        }
        awaitPublished();
        SimpleResolver resolver = resolverAt("127.0.0.1", env.pdns().dnsPort(), signed);
        check(
                poll(() -> resolves(resolver, "h0." + zone, "10.0.0.0", signed), Duration.ofSeconds(30)),
                "the zone is served over DNS" + (signed ? ", signed" : ""));
        timeChanges(scenario, zone, signed, resolver);
    }

    /** DNSSEC enabled through the API, and waited for until the zone is signed. */
    private void sign(String zone) throws Exception {
        expect(oursRequest("POST", "/api/v1/dns/zones/dnssec/enable", "{\"zone\":\"" + zone + "\"}"), 200);
        HttpRequest state = oursRequest("GET", "/api/v1/dns/zones/dnssec?zone=" + zone, null);
        check(
                poll(
                        () -> parse(expect(state, 200).body())
                                .getJsonObject("data")
                                .getJsonObject("dnssec")
                                .getString("state")
                                .equals("signed"),
                        Duration.ofSeconds(60)),
                "the zone is signed");
    }

    /** A resolver asking the nameserver at {@code address} and {@code port}, with the DO bit when {@code signed}. */
    private static SimpleResolver resolverAt(String address, int port, boolean signed) throws IOException {
        SimpleResolver resolver = new SimpleResolver(address);
        resolver.setPort(port);
        resolver.setTimeout(Duration.ofSeconds(1));
        if (signed) {
            resolver.setEDNS(0, 4096, ExtendedFlags.DO, List.of());
        }
        return resolver;
    }

    /**
     * One client adds a record after another, each timed from the request until {@code resolver}'s
     * nameserver answers it (with its signature when {@code signed}): p50 and p99 against 1 s.
     */
    private void timeChanges(String scenario, String zone, boolean signed, SimpleResolver resolver) throws Exception {
        Plan plan = Plan.counted(1, 5, settings.changes(), Duration.ofSeconds(180));
        Result o = LoadClient.run(plan, t -> {
            int[] n = {0};
            return () -> {
                int i = n[0]++;
                String name = "c" + i;
                String address = "198.51.100." + (i % 250 + 1);
                int status = http.send(
                                oursRequest(
                                        "POST",
                                        "/api/v1/dns/zones/records/add",
                                        "{\"zone\":\"" + zone + "\",\"records\":[{\"name\":\"" + name
                                                + "\",\"type\":\"A\",\"data\":\"" + address + "\"}]}"),
                                HttpResponse.BodyHandlers.discarding())
                        .statusCode();
                if (status != 200) {
                    return status;
                }
                // 504: not answered within 10 s
                return poll(() -> resolves(resolver, name + "." + zone, address, signed), Duration.ofSeconds(10))
                        ? 200
                        : 504;
            };
        });
        reportUntilAnswered(scenario, o, 1000, "changes not seen within 10 s / failed");
    }

    /** p50 and p99 of a time until a nameserver answered, the p99 against {@code targetMs}. */
    private void reportUntilAnswered(String scenario, Result o, int targetMs, String unanswered) {
        report.run(scenario, "ours", o);
        report.add(scenario, "p50 (ms)", o.p50Ms(), null, null, Ratio.NONE, null, null);
        report.add(
                scenario,
                "p99 (ms)",
                o.p99Ms(),
                null,
                null,
                Ratio.NONE,
                "ours < " + targetMs + " ms",
                o.measured() > 0 && o.errorFree() && o.p99Ms() < targetMs);
        report.addText(scenario, unanswered, o.non2xx() + " / " + o.failed() + " of " + o.calls(), null, null, null);
    }

    // ---- secondaries (issue 59): NOTIFY-driven transfers to BIND, and the catalog zone

    /** The operator's fleet in the catalog scenario: its TSIG key (the secret is the bench's own). */
    private static final String FLEET_KEY = "hmac-sha256:fleet.bench.tsig:YmVuY2gtZmxlZXQta2V5LTAxMjM0NTY3ODlhYmNkZWY=";

    private static final String CATALOG = "catalog.bench.internal";

    private void changeToSecondary() throws Exception {
        changeToSecondary(
                "change → answered by a NOTIFY-driven secondary (BIND 9.18)", "secondary.ours.bench.test", false);
    }

    private void signedChangeToSecondary() throws Exception {
        changeToSecondary(
                "change of a signed zone → answered signed by a NOTIFY-driven secondary (BIND 9.18)",
                "signed-secondary.ours.bench.test",
                true);
    }

    /**
     * A zone with a BIND secondary (its {@code secondaries[]}, by address): each change timed from
     * the records/add request until the secondary answers the new record, after PowerDNS's
     * NOTIFY and the secondary's transfer.
     */
    private void changeToSecondary(String scenario, String zone, boolean signed) throws Exception {
        SecondaryServer secondary = env.secondary();
        createOurs(zone, ZoneContent.of(10));
        expect(
                oursRequest(
                        "PUT",
                        "/api/v1/dns/zones/update",
                        "{\"zone\":\"" + zone + "\",\"secondaries\":[{\"address\":\"" + secondary.address()
                                + "\",\"port\":" + secondary.port() + "}]}"),
                200);
        if (signed) {
            sign(zone);
        }
        awaitPublished();
        secondary.follow(zone);
        SimpleResolver resolver = resolverAt(secondary.address(), secondary.port(), signed);
        check(
                poll(() -> resolves(resolver, "h0." + zone, "10.0.0.0", signed), Duration.ofSeconds(60)),
                "the secondary serves the zone" + (signed ? ", signed" : "") + "; its log: " + secondary.log());
        timeChanges(scenario, zone, signed, resolver);
    }

    /**
     * The hoster's fleet follows the catalog zone (RFC 9432): a BIND secondary configured with
     * nothing but the catalog, the service restarted with CATALOG_ZONE and SECONDARY_NAMESERVERS;
     * each zone created through the API is timed until the secondary answers its record. Then
     * the service is restarted as before: the scenarios after it publish no catalog.
     */
    private void catalogToSecondary() throws Exception {
        String scenario = "zone create → answered by a secondary that follows the catalog (BIND 9.18)";
        SecondaryServer fleet = env.fleetSecondary(CATALOG, FLEET_KEY);
        env.restartServiceWith(Map.of(
                "SECONDARY_NAMESERVERS", fleet.address() + "#" + fleet.port(),
                "SECONDARY_TSIG_KEY", FLEET_KEY,
                "CATALOG_ZONE", CATALOG));
        processes = env.processes();
        try {
            SimpleResolver resolver = resolverAt(fleet.address(), fleet.port(), false);
            check(
                    poll(() -> fleet.soaSerial(CATALOG).isPresent(), Duration.ofSeconds(60)),
                    "the fleet's secondary serves the catalog; its log: " + fleet.log());
            int count = Math.max(1, settings.changes() / 4);
            Plan plan = Plan.counted(1, 3, count, Duration.ofSeconds(600));
            Result o = LoadClient.run(plan, t -> {
                int[] n = {0};
                return () -> {
                    String zone = "c" + n[0]++ + ".catalog.ours.bench.test";
                    int status = http.send(
                                    oursRequest(
                                            "POST",
                                            "/api/v1/dns/zones/create",
                                            "{\"name\":\"" + zone
                                                    + "\",\"records\":[{\"name\":\"www\",\"type\":\"A\",\"data\":\"192.0.2.80\"}]}"),
                                    HttpResponse.BodyHandlers.discarding())
                            .statusCode();
                    if (status != 201) {
                        return status;
                    }
                    // 504: not answered within 30 s
                    return poll(() -> resolves(resolver, "www." + zone, "192.0.2.80", false), Duration.ofSeconds(30))
                            ? 200
                            : 504;
                };
            });
            reportUntilAnswered(scenario, o, 5000, "zones not answered within 30 s / failed");
        } finally {
            fleet.stop();
            env.restartServiceWith(Map.of());
            processes = env.processes();
        }
    }

    // ---- DNS UPDATE (RFC 2136, issue 58): our listener against PowerDNS's own dnsupdate

    /** The zones each side takes UPDATEs on: one per client, as "add on 20 zones". */
    private static final int UPDATE_ZONES = 20;

    /** The TSIG key PowerDNS verifies its UPDATEs with (our side's key comes from tokens/create). */
    private static final String PDNS_KEY = "bench-dnsupdate-key.";

    /**
     * The same signed UPDATE load on both servers: 20 clients, client {@code t} on zone {@code t},
     * each UPDATE deleting the TXT record its client added last and adding a new one at the same
     * name ({@code u<t>}, "n<k-1>" out, "n<k>" in), so a zone stays the same size. Our listener
     * applies it with a key-carrying token of the bench account and publishes it to PowerDNS;
     * PowerDNS applies it itself ({@code dnsupdate=yes}, a key in its tsigkeys table and each
     * zone's TSIG-ALLOW-DNSUPDATE). Then the time until a change made by UPDATE is answered over
     * DNS by PowerDNS, for both.
     */
    private void dnsUpdate() throws Exception {
        String scenario = "DNS UPDATE: one TXT delete + add per signed UPDATE, 20 clients on 20 zones";
        JsonObject tsig = parse(expect(
                                oursRequest(
                                        "POST",
                                        "/api/v1/account/users/tokens/create",
                                        "{\"tsig_algorithm\":\"hmac-sha256\","
                                                + "\"rights\":[\"DNS_ZONES_LIST\",\"DNS_ZONES_CRUD\"]}"),
                                201)
                        .body())
                .getJsonObject("data")
                .getJsonObject("token")
                .getJsonObject("tsig");
        TSIG ourKey = new TSIG(
                TSIG.algorithmToName(tsig.getString("algorithm")),
                Name.fromString(absolute(tsig.getString("name"))),
                java.util.Base64.getDecoder().decode(tsig.getString("secret")));
        byte[] pdnsSecret = new byte[32];
        new java.security.SecureRandom().nextBytes(pdnsSecret);
        TSIG pdnsKey = new TSIG(TSIG.HMAC_SHA256, Name.fromString(PDNS_KEY), pdnsSecret);
        List<String> ourZones = new ArrayList<>();
        List<String> pdnsZones = new ArrayList<>();
        for (int z = 0; z < UPDATE_ZONES; z++) {
            ourZones.add("z" + z + ".update.ours.bench.test");
            pdnsZones.add("z" + z + ".update.pdns.bench.test");
            createOurs(ourZones.get(z), ZoneContent.of(10));
            createPdns(pdnsZones.get(z), ZoneContent.of(10));
        }
        allowPdnsUpdates(pdnsZones, pdnsSecret);
        awaitPublished();
        int ourPort = env.dnsUpdatePort();
        int pdnsPort = env.pdns().dnsPort();
        // PowerDNS caches a zone's metadata (domain-metadata-cache-ttl, 60 s): wait until it takes the key
        double accepted = untilUpdated(pdnsPort, pdnsKey, pdnsZones.get(0));
        BenchEnvironment.log(
                String.format(Locale.ROOT, "PowerDNS took UPDATEs signed with its new key after %.1f s", accepted));
        check(untilUpdated(ourPort, ourKey, ourZones.get(0)) >= 0, "our listener takes the UPDATE");

        warmUpUpdates(ourPort, ourKey, ourZones);
        Map<String, Long> ourRcodes = new ConcurrentHashMap<>();
        long[][] ourLast = new long[UPDATE_ZONES][1];
        CpuMeter ourCpu = writeCpu();
        Result o = LoadClient.run(
                settings.timed(UPDATE_ZONES),
                t -> updates(ourPort, ourKey, ourZones.get(t), "u" + t, 1_000_000, ourRcodes, ourLast[t]),
                ourCpu);
        report.run(scenario, "ours", o);
        awaitPublished(); // our publications to PowerDNS must not load it while it is measured
        Map<String, Long> pdnsRcodes = new ConcurrentHashMap<>();
        long[][] pdnsLast = new long[UPDATE_ZONES][1];
        CpuMeter pdnsCpu = cpu();
        Result p = LoadClient.run(
                settings.timed(UPDATE_ZONES),
                t -> updates(pdnsPort, pdnsKey, pdnsZones.get(t), "u" + t, 1_000_000, pdnsRcodes, pdnsLast[t]),
                pdnsCpu);
        report.run(scenario, "PowerDNS", p);
        reportCpu(scenario, ourCpu, o.measured(), pdnsCpu, p.measured(), 2);
        report.add(
                scenario,
                "throughput (updates/s)",
                o.throughput(),
                p.throughput(),
                null,
                Ratio.THROUGHPUT,
                "ours ≥ 2× PowerDNS",
                Report.throughputRatio(o, p) >= 2);
        report.add(scenario, "p50 (ms)", o.p50Ms(), p.p50Ms(), null, Ratio.LATENCY, null, null);
        report.add(
                scenario,
                "p99 (ms)",
                o.p99Ms(),
                p.p99Ms(),
                null,
                Ratio.LATENCY,
                "ours < 50 ms",
                o.measured() > 0 && o.p99Ms() < 50);
        report.addText(
                scenario,
                "errors (RCODE not NOERROR / SERVFAIL / no answer, of UPDATEs)",
                o.errors(),
                p.errors(),
                null,
                null);
        report.addText(
                scenario,
                "names answering their client's last acknowledged TXT over DNS (after publication)",
                lastTxtAnswered(ourZones, ourLast) + " of " + UPDATE_ZONES,
                lastTxtAnswered(pdnsZones, pdnsLast) + " of " + UPDATE_ZONES,
                null,
                null);
        report.note(String.format(
                Locale.ROOT,
                "%s: RCODEs other than NOERROR, ours %s, PowerDNS %s.",
                scenario,
                ourRcodes.isEmpty() ? "none" : ourRcodes,
                pdnsRcodes.isEmpty() ? "none" : pdnsRcodes));

        updateToNameserver(ourPort, ourKey, ourZones.get(0), pdnsPort, pdnsKey, pdnsZones.get(0));
    }

    /** The key named in the zones' TSIG-ALLOW-DNSUPDATE, stored as PowerDNS's API stores them. */
    private void allowPdnsUpdates(List<String> zones, byte[] secret) throws Exception {
        expect(
                pdnsRequest(
                        "POST",
                        "/tsigkeys",
                        Json.createObjectBuilder()
                                .add("name", PDNS_KEY)
                                .add("algorithm", "hmac-sha256")
                                .add("key", java.util.Base64.getEncoder().encodeToString(secret))
                                .build()
                                .toString()),
                201);
        for (String zone : zones) {
            expect(
                    pdnsRequest(
                            "PUT",
                            "/zones/" + zone + "./metadata/TSIG-ALLOW-DNSUPDATE",
                            "{\"metadata\":[\"" + PDNS_KEY + "\"]}"),
                    200);
        }
    }

    /**
     * Seconds until an UPDATE of {@code zone} (a TXT at {@code probe}, added and deleted again)
     * is answered NOERROR, polled every 100 ms for at most 90 s; -1 when it never is.
     */
    private static double untilUpdated(int port, TSIG key, String zone) throws Exception {
        long started = System.nanoTime();
        Name origin = Name.fromString(zone + ".");
        Name probe = Name.fromString("probe", origin);
        try (SignedUpdates client = new SignedUpdates(port, key)) {
            while (System.nanoTime() - started < TimeUnit.SECONDS.toNanos(90)) {
                Update add = new Update(origin);
                add.add(probe, Type.TXT, 300, "\"probe\"");
                if (client.send(add) == Rcode.NOERROR) {
                    Update delete = new Update(origin);
                    delete.delete(probe, Type.TXT);
                    check(client.send(delete) == Rcode.NOERROR, "the probe is deleted again in " + zone);
                    return (System.nanoTime() - started) / 1e9;
                }
                Thread.sleep(100);
            }
        }
        return -1;
    }

    /**
     * Client {@code t}'s UPDATEs: the k-th deletes the TXT "n&lt;k-1&gt;" at {@code label} and adds
     * "n&lt;k&gt;" ({@code first} + k, so that each run's values are new); {@code last} keeps the
     * last value acknowledged, RCODEs other than NOERROR are counted in {@code rcodes}. NOERROR is
     * status 200, SERVFAIL 500, any other RCODE 400.
     */
    private static LoadClient.Operation updates(
            int port, TSIG key, String zone, String label, long first, Map<String, Long> rcodes, long[] last) {
        SignedUpdates client = client(port, key);
        Name origin = name(zone + ".", Name.root);
        Name name = name(label, origin);
        long[] k = {first};
        return () -> {
            long value = k[0]++;
            Update update = new Update(origin);
            update.delete(name, Type.TXT, "\"n" + (value - 1) + "\"");
            update.add(name, Type.TXT, 300, "\"n" + value + "\"");
            int rcode = client.send(update);
            if (rcode == Rcode.NOERROR) {
                last[0] = value;
                return 200;
            }
            rcodes.merge(Rcode.string(rcode), 1L, Long::sum);
            return rcode == Rcode.SERVFAIL ? 500 : 400;
        };
    }

    /**
     * The service's JVM warmed up for UPDATEs as for the HTTP API (warmUp): its DNS listener, TSIG
     * and UPDATE code run for {@code BENCH_JIT_WARMUP_SECONDS} under the same load as measured,
     * then in rounds of 10 s until its compiler took under 2 % of a core over one.
     */
    private void warmUpUpdates(int port, TSIG key, List<String> zones) throws Exception {
        if (settings.jitWarmupSeconds() <= 0) {
            return;
        }
        Map<String, Long> ignored = new ConcurrentHashMap<>();
        long[] unused = new long[1];
        LoadClient.run(
                Plan.timed(UPDATE_ZONES, Duration.ofSeconds(settings.jitWarmupSeconds()), Duration.ofSeconds(1)),
                t -> updates(port, key, zones.get(t), "w" + t, 0, ignored, unused));
        long pid = env.servicePid();
        Settled settled = settle(
                settings.jitSettleRounds(),
                "UPDATE warm-up",
                round -> compilerShareDuring(
                        pid,
                        () -> LoadClient.run(
                                Plan.timed(UPDATE_ZONES, Duration.ofSeconds(10), Duration.ofSeconds(1)),
                                t -> updates(port, key, zones.get(t), "w" + t, round * 100_000L, ignored, unused))));
        report.note(String.format(
                Locale.ROOT,
                "UPDATE warm-up of the service: %d s of the measured load (on names of their own), then %d round(s)"
                        + " of 10 s until the compiler took %s over a round; RCODEs other than NOERROR meanwhile: %s.",
                settings.jitWarmupSeconds(),
                settled.rounds(),
                settled.describe(),
                ignored.isEmpty() ? "none" : ignored));
        awaitPublished();
    }

    /** How many of the clients' names PowerDNS answers with the TXT value its client had acknowledged last. */
    private int lastTxtAnswered(List<String> zones, long[][] last) throws Exception {
        awaitPublished();
        SimpleResolver resolver = nameserver();
        int answered = 0;
        for (int t = 0; t < zones.size(); t++) {
            String expected = "n" + last[t][0];
            if (txtAnswered(resolver, "u" + t + "." + zones.get(t), expected)) {
                answered++;
            }
        }
        return answered;
    }

    /**
     * Time from sending an UPDATE until PowerDNS answers its TXT over DNS, 1 client, sequential:
     * ours published by the service to PowerDNS through its API, PowerDNS's applied by itself.
     */
    private void updateToNameserver(
            int ourPort, TSIG ourKey, String ourZone, int pdnsPort, TSIG pdnsKey, String pdnsZone) throws Exception {
        String scenario = "DNS UPDATE → answered by the nameserver (PowerDNS) over DNS";
        SimpleResolver resolver = nameserver();
        Plan plan = Plan.counted(1, 5, settings.changes(), Duration.ofSeconds(180));
        Result o = LoadClient.run(plan, t -> changed(ourPort, ourKey, ourZone, resolver));
        report.run(scenario, "ours", o);
        Result p = LoadClient.run(plan, t -> changed(pdnsPort, pdnsKey, pdnsZone, resolver));
        report.run(scenario, "PowerDNS", p);
        report.add(scenario, "p50 (ms)", o.p50Ms(), p.p50Ms(), null, Ratio.LATENCY, null, null);
        report.add(scenario, "p99 (ms)", o.p99Ms(), p.p99Ms(), null, Ratio.LATENCY, null, null);
        report.addText(
                scenario,
                "changes not answered NOERROR or not seen within 10 s / failed",
                o.non2xx() + " / " + o.failed() + " of " + o.calls(),
                p.non2xx() + " / " + p.failed() + " of " + p.calls(),
                null,
                null);
    }

    /** One UPDATE replacing the TXT at "seen" by a new value, timed until PowerDNS answers it (504: not within 10 s). */
    private static LoadClient.Operation changed(int port, TSIG key, String zone, SimpleResolver resolver) {
        SignedUpdates client = client(port, key);
        Name origin = name(zone + ".", Name.root);
        Name name = name("seen", origin);
        int[] n = {0};
        return () -> {
            String value = "v" + n[0]++;
            Update update = new Update(origin);
            update.delete(name, Type.TXT);
            update.add(name, Type.TXT, 300, "\"" + value + "\"");
            int rcode = client.send(update);
            if (rcode != Rcode.NOERROR) {
                return 400;
            }
            return poll(() -> txtAnswered(resolver, "seen." + zone, value), Duration.ofSeconds(10)) ? 200 : 504;
        };
    }

    /** A resolver asking PowerDNS's DNS port directly (no cache between). */
    private SimpleResolver nameserver() throws IOException {
        SimpleResolver resolver = new SimpleResolver("127.0.0.1");
        resolver.setPort(env.pdns().dnsPort());
        resolver.setTimeout(Duration.ofSeconds(1));
        return resolver;
    }

    /** Whether the nameserver answers {@code name}'s TXT with exactly the one string {@code value}. */
    private static boolean txtAnswered(SimpleResolver resolver, String name, String value) throws IOException {
        Message answer =
                resolver.send(Message.newQuery(Record.newRecord(Name.fromString(name + "."), Type.TXT, DClass.IN)));
        List<Record> txts = answer.getSection(Section.ANSWER).stream()
                .filter(r -> r instanceof TXTRecord)
                .toList();
        return txts.size() == 1 && ((TXTRecord) txts.get(0)).getStrings().equals(List.of(value));
    }

    /**
     * A load thread's UPDATE client: LoadClient has no end of a thread to close it at, so its
     * socket is left to the collector (a few dozen sockets per run).
     */
    private static SignedUpdates client(int port, TSIG key) {
        try {
            return new SignedUpdates(port, key);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static Name name(String text, Name origin) {
        try {
            return Name.fromString(text, origin);
        } catch (org.xbill.DNS.TextParseException e) {
            throw new IllegalArgumentException(e);
        }
    }

    private static String absolute(String name) {
        return name.endsWith(".") ? name : name + ".";
    }

    /**
     * Creations before the create scenario's measurement, on each side: after 3, the compiler
     * took 30 of the 61 ms of CPU a creation cost the service.
     */
    private static final int CREATE_WARMUP_CALLS = 30;

    /** Rounds of creations (each zone deleted again) at most before our side's create warm-up. */
    private static final int CREATE_SETTLE_ROUNDS = 15;

    private static final int CREATIONS_PER_SETTLE_ROUND = 20;

    /**
     * The service's JVM warmed up for creations of large zones, as the JVM's warm-up does for
     * shows, additions and lists: rounds of 20 creations of zones of 1,000 records, each zone
     * deleted after the round and both published, until the compiler took under 2 % of a core
     * during a round's creations (at most 15 rounds). After the 30 warm-up creations alone the
     * compiler still took 13 of a creation's 59.5 ms of the service's CPU; a service creating
     * zones for a while has compiled that code (its CPU per creation fell from 227 ms over the
     * first 50 to 25 to 31 ms after 600 to 900, measured apart). The zones are deleted so that
     * PowerDNS's tables, which take our publications, are not larger for its own measurement.
     */
    private void settleCreations(String ourRecords) throws Exception {
        long pid = env.servicePid();
        Settled settled = settle(CREATE_SETTLE_ROUNDS, "Creation warm-up", round -> {
            List<String> zones = new ArrayList<>();
            for (int k = 0; k < CREATIONS_PER_SETTLE_ROUND; k++) {
                zones.add("s" + round + "n" + k + ".settle.ours.bench.test");
            }
            double share = compilerShareDuring(pid, () -> {
                for (String zone : zones) {
                    expect(
                            oursRequest(
                                    "POST",
                                    "/api/v1/dns/zones/create",
                                    "{\"name\":\"" + zone + "\",\"records\":" + ourRecords + "}"),
                            201);
                }
            });
            awaitPublished();
            for (String zone : zones) {
                expect(oursRequest("DELETE", "/api/v1/dns/zones/delete", "{\"zone\":\"" + zone + "\"}"), 200);
            }
            awaitPublished();
            return share;
        });
        report.note(String.format(
                Locale.ROOT,
                "Creation warm-up of the service: %d round(s) of %d creations of zones of 1000 records, each zone"
                        + " deleted after its round, until the compiler took %s during a round's creations; then"
                        + " the %d warm-up creations of each side.",
                settled.rounds(),
                CREATIONS_PER_SETTLE_ROUND,
                settled.describe(),
                CREATE_WARMUP_CALLS));
    }

    private void create1000() throws Exception {
        String scenario = "create a zone with 1000 records, 1 client";
        ZoneContent content = ZoneContent.of(1000);
        String ourRecords = content.ours().toString();
        // The JVM's warm-up makes no creations of large zones (see warmUpLoads): their code is
        // compiled first in rounds of their own (settleCreations), then during the warm-up calls
        // both sides make outside the window.
        if (settings.jitWarmupSeconds() > 0) {
            settleCreations(ourRecords);
        }
        Plan plan = Plan.counted(1, CREATE_WARMUP_CALLS, settings.createMeasure(), Duration.ofSeconds(120));
        CpuMeter ourCpu = writeCpu();
        LoadClient.Window ourWindow = new LoadClient.Window() {
            @Override
            public void opened() {
                // the warm-up's publications and compilations are the warm-up's, not the measurement's
                try {
                    awaitPublished();
                    awaitQuietCompiler();
                } catch (Exception e) {
                    throw new IllegalStateException("Waiting for the warm-up's publications and compiler failed", e);
                }
                ourCpu.opened();
            }

            @Override
            public void closed() {
                ourCpu.closed();
            }
        };
        Result o = LoadClient.run(
                plan,
                t -> {
                    int[] n = {0};
                    return () -> http.send(
                                    oursRequest(
                                            "POST",
                                            "/api/v1/dns/zones/create",
                                            "{\"name\":\"c" + n[0]++ + ".create.ours.bench.test\",\"records\":"
                                                    + ourRecords + "}"),
                                    HttpResponse.BodyHandlers.discarding())
                            .statusCode();
                },
                ourWindow);
        report.run(scenario, "ours", o);
        awaitPublished();
        List<String> pdnsBodies = new ArrayList<>();
        for (int n = 0; n < CREATE_WARMUP_CALLS + settings.createMeasure(); n++) {
            String zone = "c" + n + ".create.pdns.bench.test";
            pdnsBodies.add(pdnsZone(zone, content).toString());
        }
        CpuMeter pdnsCpu = cpu();
        Result p = LoadClient.run(
                plan,
                t -> {
                    int[] n = {0};
                    return () -> http.send(
                                    pdnsRequest("POST", "/zones", pdnsBodies.get(n[0]++)),
                                    HttpResponse.BodyHandlers.discarding())
                            .statusCode();
                },
                pdnsCpu);
        report.run(scenario, "PowerDNS", p);
        reportCpu(scenario, ourCpu, o.measured(), pdnsCpu, p.measured(), 0);
        report.add(
                scenario, "throughput (creates/s)", o.throughput(), p.throughput(), null, Ratio.THROUGHPUT, null, null);
        report.add(
                scenario,
                "p50 (ms)",
                o.p50Ms(),
                p.p50Ms(),
                null,
                Ratio.LATENCY,
                "ours < 300 ms",
                o.measured() > 0 && o.p50Ms() < 300);
        report.add(scenario, "p99 (ms)", o.p99Ms(), p.p99Ms(), null, Ratio.LATENCY, null, null);
        report.addText(scenario, "errors (non-2xx / 5xx / failed of calls)", o.errors(), p.errors(), null, null);
    }

    private void show10000() throws Exception {
        String scenario = "show a zone of 10 000 records, 1 client";
        ZoneContent content = ZoneContent.of(10_000);
        String ours = "big.ours.bench.test";
        String theirs = "big.pdns.bench.test";
        createOurs(ours, ZoneContent.of(0));
        long started = System.nanoTime();
        long slowest = 0;
        for (int k = 0; k < 10; k++) {
            long begin = System.nanoTime();
            expect(
                    oursRequest(
                            "POST",
                            "/api/v1/dns/zones/records/add",
                            Json.createObjectBuilder()
                                    .add("zone", ours)
                                    .add(
                                            "records",
                                            content.slice(k * 1000, (k + 1) * 1000)
                                                    .ours())
                                    .build()
                                    .toString()),
                    200);
            slowest = Math.max(slowest, System.nanoTime() - begin);
        }
        report.note(String.format(
                Locale.ROOT,
                "The 10 000-record zone took 10 records/add calls of 1000 records: %.1f s in all, the slowest %.0f ms.",
                (System.nanoTime() - started) / 1e9,
                slowest / 1e6));
        createPdns(theirs, ZoneContent.of(0));
        for (int k = 0; k < 10; k++) {
            expect(
                    pdnsRequest(
                            "PATCH",
                            "/zones/" + theirs + ".",
                            Json.createObjectBuilder()
                                    .add(
                                            "rrsets",
                                            content.slice(k * 1000, (k + 1) * 1000)
                                                    .pdns(theirs, "REPLACE"))
                                    .build()
                                    .toString()),
                    204);
        }
        awaitPublished();
        HttpRequest ourShow = oursRequest("GET", "/api/v1/dns/zones/show?zone=" + ours, null);
        HttpRequest pdnsShow = pdnsRequest("GET", "/zones/" + theirs + ".", null);
        check(records(parse(expect(ourShow, 200).body())).size() == 10_000, "our show answers 10 000 records");
        CpuMeter ourCpu = cpu();
        Result o = LoadClient.run(settings.counted(), t -> LoadClient.http(http, () -> ourShow), ourCpu);
        report.run(scenario, "ours", o);
        CpuMeter pdnsCpu = cpu();
        Result p = LoadClient.run(settings.counted(), t -> LoadClient.http(http, () -> pdnsShow), pdnsCpu);
        report.run(scenario, "PowerDNS", p);
        reportCpu(scenario, ourCpu, o.measured(), pdnsCpu, p.measured(), 0);
        report.add(scenario, "throughput (req/s)", o.throughput(), p.throughput(), null, Ratio.THROUGHPUT, null, null);
        report.add(scenario, "p50 (ms)", o.p50Ms(), p.p50Ms(), null, Ratio.LATENCY, null, null);
        report.add(scenario, "p99 (ms)", o.p99Ms(), p.p99Ms(), null, Ratio.LATENCY, null, null);
    }

    private void listZones() throws Exception {
        int threads = 8;
        int zones = (settings.listZones() + threads - 1) / threads * threads; // every client creates as many
        String scenario = String.format(Locale.ROOT, "list the zones of an account holding %,d zones, 1 client", zones);
        String listToken = newCustomer("benchlist");
        // setup through the API, in parallel: zone i is created by client i % threads
        Plan creation = Plan.counted(threads, 0, zones / threads, Duration.ofSeconds(300));
        Result created = LoadClient.run(creation, t -> {
            int[] n = {0};
            return () -> {
                int i = t + threads * n[0]++;
                return http.send(
                                request(
                                        "POST",
                                        env.baseUrl() + "/api/v1/dns/zones/create",
                                        "Authorization",
                                        "Bearer " + listToken,
                                        "{\"name\":\"z" + i + ".list.bench.test\"}"),
                                HttpResponse.BodyHandlers.discarding())
                        .statusCode();
            };
        });
        report.run(String.format(Locale.ROOT, "setup: create %,d empty zones through the API", zones), "ours", created);
        HttpRequest ourList =
                request("GET", env.baseUrl() + "/api/v1/dns/zones", "Authorization", "Bearer " + listToken, null);
        int listed = parse(expect(ourList, 200).body())
                .getJsonObject("data")
                .getJsonArray("zones")
                .size();
        check(listed == zones, "the account holds " + zones + " zones (it lists " + listed + ")");
        double publishing = awaitPublished();
        report.note(String.format(
                Locale.ROOT,
                "Creating the %,d zones took %.0f s (8 clients); the service's publications to PowerDNS "
                        + "caught up %.0f s after the last create.",
                zones,
                created.seconds(),
                publishing));
        HttpRequest pdnsList = pdnsRequest("GET", "/zones?dnssec=false", null);
        int pdnsZones = Json.createReader(new StringReader(expect(pdnsList, 200).body()))
                .readArray()
                .size();
        report.note(String.format(
                Locale.ROOT,
                "The PowerDNS list is GET /zones?dnssec=false of the whole server, %,d zones at that time "
                        + "(the service's published zones and the PowerDNS-only ones); PowerDNS has no accounts.",
                pdnsZones));

        CpuMeter ourCpu = cpu();
        Result o = LoadClient.run(settings.counted(), t -> LoadClient.http(http, () -> ourList), ourCpu);
        report.run(scenario, "ours", o);
        CpuMeter pdnsCpu = cpu();
        Result p = LoadClient.run(settings.counted(), t -> LoadClient.http(http, () -> pdnsList), pdnsCpu);
        report.run(scenario, "PowerDNS", p);
        reportCpu(scenario, ourCpu, o.measured(), pdnsCpu, p.measured(), 0);
        listPage(listToken, zones, "the empty zones of an account holding");
        report.add(scenario, "throughput (req/s)", o.throughput(), p.throughput(), null, Ratio.THROUGHPUT, null, null);
        report.add(
                scenario,
                "p50 (ms)",
                o.p50Ms(),
                p.p50Ms(),
                null,
                Ratio.LATENCY,
                "ours < 200 ms",
                o.measured() > 0 && o.p50Ms() < 200);
        report.add(scenario, "p99 (ms)", o.p99Ms(), p.p99Ms(), null, Ratio.LATENCY, null, null);
    }

    /**
     * A page of 100 zones from the middle of the account's list, by {@code offset} and by the
     * cursor {@code after} (the name before the middle); answers both p50s, offset first.
     */
    private double[] listPage(String accountToken, int zones, String what) throws Exception {
        int middle = zones / 2;
        HttpRequest byOffset = oursRequest(accountToken, "GET", "/api/v1/dns/zones?limit=100&offset=" + middle, null);
        JsonObject answer = parse(expect(byOffset, 200).body()).getJsonObject("data");
        check(answer.getJsonArray("zones").size() == 100, "the page holds 100 zones");
        check(answer.getJsonObject("paging").getInt("total") == zones, "the page counts " + zones + " zones in all");
        String before = parse(expect(
                                oursRequest(
                                        accountToken, "GET", "/api/v1/dns/zones?limit=1&offset=" + (middle - 1), null),
                                200)
                        .body())
                .getJsonObject("data")
                .getJsonObject("paging")
                .getString("next");
        HttpRequest byCursor = oursRequest(
                accountToken,
                "GET",
                "/api/v1/dns/zones?limit=100&after=" + URLEncoder.encode(before, StandardCharsets.UTF_8),
                null);
        check(
                parse(expect(byCursor, 200).body())
                        .getJsonObject("data")
                        .getJsonArray("zones")
                        .equals(answer.getJsonArray("zones")),
                "the page after the cursor is the page at the offset");
        double[] p50s = new double[2];
        int i = 0;
        for (var page : List.of(
                Map.entry(String.format(Locale.ROOT, "offset=%,d", middle), byOffset),
                Map.entry("after=" + before, byCursor))) {
            String scenario = String.format(
                    Locale.ROOT,
                    "list: a page of 100 of %s %,d zones (limit=100, %s), 1 client",
                    what,
                    zones,
                    page.getKey());
            CpuMeter ourCpu = cpu();
            Result o = LoadClient.run(settings.counted(), t -> LoadClient.http(http, page::getValue), ourCpu);
            report.run(scenario, "ours", o);
            report.add(scenario, "p50 (ms)", o.p50Ms(), null, null, Ratio.NONE, null, null);
            report.add(scenario, "p99 (ms)", o.p99Ms(), null, null, Ratio.NONE, null, null);
            report.add(
                    scenario,
                    "CPU per request: API + MariaDB (ms)",
                    ourCpu.perRequestMs(o.measured(), BenchEnvironment.SERVICE, BenchEnvironment.MARIADB),
                    null,
                    null,
                    Ratio.NONE,
                    null,
                    null);
            p50s[i++] = o.p50Ms();
        }
        return p50s;
    }

    /**
     * Shows at a fixed rate, as a hoster's panel and scripts send them, not as fast as answers
     * come: latency without the queueing that 50 saturating clients add, and CPU per request on
     * a machine that is not saturated.
     */
    private void showOpenLoop() throws Exception {
        String scenario = "show a zone of 100 records at a fixed " + settings.openRate() + " requests/s (open loop)";
        HttpRequest ourShow = oursRequest("GET", "/api/v1/dns/zones/show?zone=show100.ours.bench.test", null);
        HttpRequest pdnsShow = pdnsRequest("GET", "/zones/show100.pdns.bench.test.", null);
        CpuMeter ourCpu = cpu();
        Result o = LoadClient.open(settings.open(), http, n -> ourShow, ourCpu);
        report.run(scenario, "ours", o);
        CpuMeter pdnsCpu = cpu();
        Result p = LoadClient.open(settings.open(), http, n -> pdnsShow, pdnsCpu);
        report.run(scenario, "PowerDNS", p);
        reportOpenLoop(scenario, o, p, 20);
        reportCpu(scenario, ourCpu, o.measured(), pdnsCpu, p.measured(), 3, unjudged(p));
    }

    /** Additions at a fixed rate, a new name each, spread over 20 zones of their own per side. */
    private void addOpenLoop() throws Exception {
        String scenario = "add one record at a fixed " + settings.openRate() + " requests/s on 20 zones (open loop)";
        List<String> ourZones = new ArrayList<>();
        List<String> pdnsZones = new ArrayList<>();
        for (int z = 0; z < 20; z++) {
            ourZones.add("z" + z + ".open.ours.bench.test");
            pdnsZones.add("z" + z + ".open.pdns.bench.test");
            createOurs(ourZones.get(z), ZoneContent.of(0));
            createPdns(pdnsZones.get(z), ZoneContent.of(0));
        }
        awaitPublished();
        CpuMeter ourCpu = writeCpu();
        Result o = LoadClient.open(
                settings.open(), http, n -> ourAddition(token, ourZones.get((int) (n % 20)), "o" + n), ourCpu);
        report.run(scenario, "ours", o);
        awaitPublished();
        CpuMeter pdnsCpu = cpu();
        Result p = LoadClient.open(
                settings.open(), http, n -> pdnsAddition(pdnsZones.get((int) (n % 20)), "o" + n), pdnsCpu);
        report.run(scenario, "PowerDNS", p);
        reportOpenLoop(scenario, o, p, 50);
        reportCpu(scenario, ourCpu, o.measured(), pdnsCpu, p.measured(), 2, unjudged(p));
    }

    /**
     * Why the CPU target of a fixed rate cannot be judged: PowerDNS did not answer that rate (errors,
     * or fewer than 95 % of it answered; seen on a slow machine, where its API ran out of MariaDB
     * connections), so its CPU per request is that of an overloaded server, not of the rate. Null
     * when it kept up.
     */
    private String unjudged(Result pdns) {
        boolean keptUp = pdns.measured() > 0
                && pdns.errorFree()
                && !pdns.cutShort()
                && pdns.throughput() >= 0.95 * settings.openRate();
        return keptUp ? null : "not judged: PowerDNS did not answer " + settings.openRate() + "/s without errors";
    }

    private void reportOpenLoop(String scenario, Result o, Result p, int p99TargetMs) {
        report.add(scenario, "answered (req/s)", o.throughput(), p.throughput(), null, Ratio.THROUGHPUT, null, null);
        report.add(scenario, "p50 from the scheduled send (ms)", o.p50Ms(), p.p50Ms(), null, Ratio.LATENCY, null, null);
        report.add(
                scenario,
                "p99 from the scheduled send (ms)",
                o.p99Ms(),
                p.p99Ms(),
                null,
                Ratio.LATENCY,
                "ours < " + p99TargetMs + " ms",
                o.measured() > 0 && o.errorFree() && o.p99Ms() < p99TargetMs);
        report.addText(scenario, "errors (non-2xx / 5xx / failed of calls)", o.errors(), p.errors(), null, null);
    }

    /**
     * CPU per successful request, each side: its API's process (the service's JVM; pdns_server),
     * MariaDB (the one server both use, read while only that side is measured) and the two
     * together, held against PowerDNS's with {@code targetShare} (ours at most 1/targetShare of
     * theirs; 0: no target). Also the load client's, and what pdns_server spent while the service
     * was measured: taking the service's publications, a cost PowerDNS's own API does not have.
     */
    private void reportCpu(
            String scenario, CpuMeter ours, long ourRequests, CpuMeter theirs, long theirRequests, int targetShare) {
        reportCpu(scenario, ours, ourRequests, theirs, theirRequests, targetShare, null);
    }

    /** As above; with {@code unjudged} (why not) the target is shown but not judged. */
    private void reportCpu(
            String scenario,
            CpuMeter ours,
            long ourRequests,
            CpuMeter theirs,
            long theirRequests,
            int targetShare,
            String unjudged) {
        String service = BenchEnvironment.SERVICE, pdns = BenchEnvironment.POWERDNS, db = BenchEnvironment.MARIADB;
        compared(
                scenario,
                "CPU per request: the API's process (ms)",
                ours.perRequestMs(service, ourRequests),
                theirs.perRequestMs(pdns, theirRequests),
                Ratio.LATENCY);
        for (ServiceThreads part : SERVICE_THREADS) {
            oursOnly(
                    scenario,
                    "CPU per request: of the API's process, " + part.metric() + " (ms)",
                    ours.perRequestMs(part.name(), ourRequests));
        }
        compared(
                scenario,
                "CPU per request: MariaDB (ms)",
                ours.perRequestMs(db, ourRequests),
                theirs.perRequestMs(db, theirRequests),
                Ratio.LATENCY);
        String ourUser = BenchEnvironment.SERVICE_DB_USER, pdnsUser = BenchEnvironment.PDNS_DB_USER;
        compared(
                scenario,
                "CPU per request: of MariaDB, the side's own statements (ms)",
                ours.databaseUserPerRequestMs(ourUser, ourRequests),
                theirs.databaseUserPerRequestMs(pdnsUser, theirRequests),
                Ratio.LATENCY);
        compared(
                scenario,
                "CPU per request: of MariaDB, its work outside any client's statements (ms)",
                ours.databaseOutsideStatementsPerRequestMs(db, ourRequests),
                theirs.databaseOutsideStatementsPerRequestMs(db, theirRequests),
                Ratio.NONE);
        Double pdnsStoring = ours.databaseUserPerRequestMs(pdnsUser, ourRequests);
        if (pdnsStoring != null && pdnsStoring >= 0.001) {
            oursOnly(
                    scenario,
                    "CPU per request: of MariaDB, PowerDNS's statements taking the service's publications (ms)",
                    pdnsStoring);
        }
        compared(
                scenario,
                "MariaDB round trips per request (statements and pings of all its clients)",
                ours.roundTripsPerRequest(ourRequests),
                theirs.roundTripsPerRequest(theirRequests),
                Ratio.LATENCY);
        Double ourSum = ours.perRequestMs(ourRequests, service, db);
        Double theirSum = theirs.perRequestMs(theirRequests, pdns, db);
        report.add(
                scenario,
                "CPU per request: API + MariaDB (ms)",
                ourSum,
                theirSum,
                null,
                Ratio.LATENCY,
                targetShare > 0
                        ? "ours ≤ 1/" + targetShare + " of PowerDNS's" + (unjudged == null ? "" : " (" + unjudged + ")")
                        : null,
                targetShare > 0 && unjudged == null && ourSum != null && theirSum != null
                        ? ourSum * targetShare <= theirSum
                        : null);
        Double ourOwn = ownShare(ours, service, ourUser, ourRequests);
        Double theirOwn = ownShare(theirs, pdns, pdnsUser, theirRequests);
        compared(
                scenario,
                "CPU per request: API + its own share of MariaDB (its statements and all of MariaDB's work outside"
                        + " statements; ms)",
                ourOwn,
                theirOwn,
                Ratio.LATENCY);
        if (ours.backlogAtClose() >= 0) {
            oursOnly(
                    scenario,
                    "our changes still waiting for publication when the load stopped (their publishing is counted above)",
                    (double) ours.backlogAtClose());
            oursOnly(
                    scenario,
                    "seconds until the last change was published after the load stopped",
                    ours.catchUpSeconds());
        }
        Double publications = ours.perRequestMs(pdns, ourRequests);
        if (publications != null && publications >= 0.001) {
            report.add(
                    scenario,
                    "CPU per request: pdns_server taking the service's publications (ms)",
                    publications,
                    null,
                    null,
                    Ratio.NONE,
                    null,
                    null);
        }
        compared(
                scenario,
                "CPU per request: load client (ms)",
                ours.perRequestMs(BenchEnvironment.LOAD_CLIENT, ourRequests),
                theirs.perRequestMs(BenchEnvironment.LOAD_CLIENT, theirRequests),
                Ratio.NONE);
    }

    /**
     * A side's own CPU: its API's process, MariaDB's work on its own statements, and all of
     * MariaDB's work outside statements in its window (InnoDB's flushing and purge of every
     * client's writes, the harness's counters: on the conservative side). Not PowerDNS's
     * statements storing what the service publishes, as its {@code pdns_server} time for them is
     * not either: the nameserver's own work of taking a zone, which both sides need.
     */
    private static Double ownShare(CpuMeter meter, String process, String user, long requests) {
        Double api = meter.perRequestMs(process, requests);
        Double statements = meter.databaseUserPerRequestMs(user, requests);
        Double outside = meter.databaseOutsideStatementsPerRequestMs(BenchEnvironment.MARIADB, requests);
        return api == null || statements == null || outside == null ? null : api + statements + outside;
    }

    /** A row with both sides' figures and their ratio, without a target. */
    private void compared(String scenario, String metric, Double ours, Double theirs, Ratio ratio) {
        report.add(scenario, metric, ours, theirs, null, ratio, null, null);
    }

    /** A row with our figure alone: no PowerDNS equivalent, no target. */
    private void oursOnly(String scenario, String metric, Double value) {
        report.add(scenario, metric, value, null, null, Ratio.NONE, null, null);
    }

    private CpuMeter cpu() {
        long service = processes.get(BenchEnvironment.SERVICE);
        CpuMeter meter = new CpuMeter(processes, env.db()::roundTrips).withDatabaseUsers(env::cpuSecondsByUser);
        SERVICE_THREADS.forEach(part -> meter.withThreadsOf(service, part.name(), part.threads()));
        return meter;
    }

    /** A part of the service JVM's CPU, read apart by the names of its threads, and its row's words. */
    private record ServiceThreads(String name, String metric, Predicate<String> threads) {}

    /**
     * Its HTTP workers (the requests themselves, from reading one to writing its answer); the
     * publication to the nameserver (the outbox worker runs on the default managed executor, its
     * two-second rounds and the other timers on the EJB pool; the health checks use that executor
     * too, which only the close of a write window calls, every 250 ms until the backlog is
     * published); the garbage collector's threads; the JIT compiler's. What none of them holds
     * (the selector, Payara's own timers) is the process's figure less their sum.
     */
    private static final List<ServiceThreads> SERVICE_THREADS = List.of(
            new ServiceThreads(
                    "the service's HTTP workers", "its HTTP workers", name -> name.startsWith("http-thread-poo")),
            new ServiceThreads(
                    "the service's publication and timers",
                    "its publication to the nameserver and timers",
                    name -> name.startsWith("concurrent/__de") || name.startsWith("__ejb-thread-po")),
            new ServiceThreads(
                    "the service's DNS listener", "its DNS listener (UPDATE, TSIG)", name -> name.startsWith("dns-")),
            new ServiceThreads(
                    "the service's garbage collector",
                    "its garbage collector",
                    name -> name.startsWith("GC Thread") || name.startsWith("G1 ")),
            new ServiceThreads("the service's JIT compiler", "its JIT compiler", CpuMeter.COMPILER));

    /**
     * Ten times the data: an account of {@code bigZones} zones and, in all, some 1,000,000 records
     * (10 per zone) in the service's database, and as many zones and records in PowerDNS's, both
     * loaded by SQL (through the APIs it would take hours). The service is restarted on it (its
     * start time), warmed up again, and show, add and a page of the list are held against the
     * small case: p50 at most twice as long, the heap at most 512 MiB.
     */
    private void tenTimesTheData() throws Exception {
        int zones = settings.bigZones();
        String what = String.format(Locale.ROOT, "ten times the data (%,d zones in one account)", zones);
        String bigToken = newCustomer("benchbig");
        String seed = "z0.bigours.test";
        expect(
                oursRequest(
                        bigToken,
                        "POST",
                        "/api/v1/dns/zones/create",
                        Json.createObjectBuilder()
                                .add("name", seed)
                                .add(
                                        "records",
                                        ZoneContent.of(BIG_RECORDS_PER_ZONE).ours())
                                .build()
                                .toString()),
                201);
        // The small case of the list's pages: the same account, a tenth of the zones, each of the same
        // 10 records (the list scenario's zones are empty: a page of them is a third of the text)
        int tenth = zones / 10;
        loadOurZones(seed, 1, tenth - 1);
        double[] smallPages = listPage(
                bigToken,
                tenth,
                String.format(Locale.ROOT, "zones of %d records: an account holding", BIG_RECORDS_PER_ZONE));
        long loading = System.nanoTime();
        long ourRecords = loadOurZones(seed, tenth, zones - 1);
        long pdnsRecords = loadPdnsZones(zones);
        report.note(String.format(
                Locale.ROOT,
                "%s: loaded by SQL in %.0f s; the service's database then held %,d zones and %,d records, "
                        + "PowerDNS's %,d records (%d per zone, and each zone's SOA and NS).",
                what,
                (System.nanoTime() - loading) / 1e9,
                count(BenchEnvironment.SERVICE_DB, "SELECT COUNT(*) FROM zones"),
                ourRecords,
                pdnsRecords,
                BIG_RECORDS_PER_ZONE));

        env.restartService();
        processes = env.processes();
        double start = env.coldStartSeconds();
        report.add(what, "cold start of the service on it (s)", start, null, null, Ratio.NONE, "≤ 20 s", start <= 20);
        report.note(String.format(Locale.ROOT, "%s: the start took %.1f s; %s.", what, start, env.startCpu()));
        warmUp("rewarm");

        // show: a zone of 100 records, as in the small case
        String ours = "show100.bigours.test";
        String theirs = "show100.bigpdns.test";
        expect(
                oursRequest(
                        bigToken,
                        "POST",
                        "/api/v1/dns/zones/create",
                        Json.createObjectBuilder()
                                .add("name", ours)
                                .add("records", ZoneContent.of(100).ours())
                                .build()
                                .toString()),
                201);
        createPdns(theirs, ZoneContent.of(100));
        awaitPublished();
        String scenario = what + ": show a zone of 100 records, 50 clients";
        HttpRequest ourShow = oursRequest(bigToken, "GET", "/api/v1/dns/zones/show?zone=" + ours, null);
        HttpRequest pdnsShow = pdnsRequest("GET", "/zones/" + theirs + ".", null);
        HeapSampler heap = HeapSampler.start(env.servicePid());
        Result o;
        CpuMeter ourCpu = cpu();
        try {
            o = LoadClient.run(settings.timed(50), t -> LoadClient.http(http, () -> ourShow), ourCpu);
        } finally {
            heap.close();
        }
        report.run(scenario, "ours", o);
        CpuMeter pdnsCpu = cpu();
        Result p = LoadClient.run(settings.timed(50), t -> LoadClient.http(http, () -> pdnsShow), pdnsCpu);
        report.run(scenario, "PowerDNS", p);
        report.add(scenario, "throughput (req/s)", o.throughput(), p.throughput(), null, Ratio.THROUGHPUT, null, null);
        reportAgainstSmallCase(scenario, "show", o, p);
        reportCpu(scenario, ourCpu, o.measured(), pdnsCpu, p.measured(), 0);
        double showHeap = heap.peakMiB();

        // add: 20 clients on 20 of the loaded zones
        scenario = what + ": add one record, 20 clients on 20 zones";
        CpuMeter ourAddCpu = writeCpu();
        Result oa = LoadClient.run(
                settings.timed(20),
                t -> {
                    long[] n = {0};
                    return () -> http.send(
                                    ourAddition(bigToken, "z" + (t + 1) + ".bigours.test", "w" + t + "n" + n[0]++),
                                    HttpResponse.BodyHandlers.discarding())
                            .statusCode();
                },
                ourAddCpu);
        report.run(scenario, "ours", oa);
        awaitPublished();
        CpuMeter pdnsAddCpu = cpu();
        Result pa = LoadClient.run(
                settings.timed(20),
                t -> {
                    long[] n = {0};
                    String zone = "z" + (t + 1) + ".bigpdns.test";
                    return () -> http.send(
                                    pdnsAddition(zone, "w" + t + "n" + n[0]++), HttpResponse.BodyHandlers.discarding())
                            .statusCode();
                },
                pdnsAddCpu);
        report.run(scenario, "PowerDNS", pa);
        report.add(
                scenario, "throughput (req/s)", oa.throughput(), pa.throughput(), null, Ratio.THROUGHPUT, null, null);
        reportAgainstSmallCase(scenario, "add", oa, pa);
        reportCpu(scenario, ourAddCpu, oa.measured(), pdnsAddCpu, pa.measured(), 0);
        awaitPublished();

        // list: a page from the middle, a name filter, and the whole list as a client sending no paging gets it
        HeapSampler listHeap = HeapSampler.start(env.servicePid());
        try {
            double[] pages = listPage(
                    bigToken,
                    zones + 1,
                    String.format(Locale.ROOT, "zones of %d records: an account holding", BIG_RECORDS_PER_ZONE));
            // By cursor a page is a range of the account's index, whatever its size; by offset MariaDB
            // walks the index up to the offset, ten times as far here (no target: the cursor is the
            // paging that scales, and what a client walking a long list uses).
            report.add(
                    what + ": a page of the list after a cursor",
                    String.format(Locale.ROOT, "p50 ÷ p50 of the page at %,d zones of the same records", tenth),
                    smallPages[1] <= 0 ? null : pages[1] / smallPages[1],
                    null,
                    null,
                    Ratio.NONE,
                    "≤ 2",
                    smallPages[1] > 0 && pages[1] / smallPages[1] <= 2);
            report.add(
                    what + ": a page of the list by offset (from the middle)",
                    String.format(Locale.ROOT, "p50 ÷ p50 of the page at %,d zones of the same records", tenth),
                    smallPages[0] <= 0 ? null : pages[0] / smallPages[0],
                    null,
                    null,
                    Ratio.NONE,
                    null,
                    null);
            long matching = java.util.stream.IntStream.range(0, zones)
                    .filter(n -> ("z" + n).startsWith("z4242"))
                    .count();
            String filtered = String.format(
                    Locale.ROOT, "%s: list with the name filter name=z4242 (%d zones), 1 client", what, matching);
            HttpRequest byName = oursRequest(bigToken, "GET", "/api/v1/dns/zones?name=z4242", null);
            check(
                    parse(expect(byName, 200).body())
                                    .getJsonObject("data")
                                    .getJsonArray("zones")
                                    .size()
                            == matching,
                    "the name filter finds the " + matching + " zones whose names start with z4242");
            Result f = LoadClient.run(settings.counted(), t -> LoadClient.http(http, () -> byName));
            report.run(filtered, "ours", f);
            report.add(filtered, "p50 (ms)", f.p50Ms(), null, null, Ratio.NONE, null, null);
            String whole = what + ": the whole list, no paging (as clients of the original service ask), 1 client";
            HttpRequest all = oursRequest(bigToken, "GET", "/api/v1/dns/zones", null);
            HttpRequest pdnsAll = pdnsRequest("GET", "/zones?dnssec=false", null);
            Result w = LoadClient.run(
                    Plan.counted(1, 1, 3, Duration.ofSeconds(300)), t -> LoadClient.http(http, () -> all));
            report.run(whole, "ours", w);
            Result pw = LoadClient.run(
                    Plan.counted(1, 1, 3, Duration.ofSeconds(300)), t -> LoadClient.http(http, () -> pdnsAll));
            report.run(whole, "PowerDNS", pw);
            report.add(whole, "p50 (ms)", w.p50Ms(), pw.p50Ms(), null, Ratio.LATENCY, null, null);
            report.addText(whole, "errors (non-2xx / 5xx / failed of calls)", w.errors(), pw.errors(), null, null);
        } finally {
            listHeap.close();
        }
        double peak = Math.max(showHeap, listHeap.peakMiB());
        report.add(
                what,
                "peak heap under show, add and list (MiB)",
                peak,
                null,
                null,
                Ratio.NONE,
                "≤ 512 MiB",
                peak <= 512);
    }

    private void reportAgainstSmallCase(String scenario, String key, Result o, Result p) {
        report.add(scenario, "p50 (ms)", o.p50Ms(), p.p50Ms(), null, Ratio.LATENCY, null, null);
        report.add(scenario, "p99 (ms)", o.p99Ms(), p.p99Ms(), null, Ratio.LATENCY, null, null);
        Double small = smallCase.get(key);
        report.add(
                scenario,
                "ours: p50 ÷ p50 of the small case",
                small == null || small <= 0 ? null : o.p50Ms() / small,
                null,
                null,
                Ratio.NONE,
                "≤ 2",
                small != null && small > 0 && o.p50Ms() / small <= 2);
        report.addText(scenario, "errors (non-2xx / 5xx / failed of calls)", o.errors(), p.errors(), null, null);
    }

    /**
     * Copies of the seed zone's row (z0), z{from} to z{to}, into its account, each with 10 A records
     * whose ids come from one stretch of the sequence the service takes its blocks from (V11),
     * moved past it afterwards. Answers the records of the service's database.
     */
    private long loadOurZones(String seed, int from, int to) throws SQLException {
        try (Connection c = env.db().connect(BenchEnvironment.SERVICE_DB);
                Statement s = c.createStatement()) {
            long lastBefore;
            try (ResultSet rows = s.executeQuery("SELECT COALESCE(MAX(id), 0) FROM zones")) {
                rows.next();
                lastBefore = rows.getLong(1);
            }
            int chunk = 10_000;
            for (int low = from; low <= to; low += chunk) {
                int high = Math.min(to, low + chunk - 1);
                s.executeUpdate("INSERT INTO zones (account_id, name, name_unicode, serial, hostmaster, refresh, retry,"
                        + " expire, ttl, ns_first, ns_second, user_id, project_id, version, created_at, updated_at)"
                        + " SELECT z.account_id, CONCAT('z', n.seq, '.bigours.test'),"
                        + " CONCAT('z', n.seq, '.bigours.test'), z.serial, z.hostmaster, z.refresh, z.retry,"
                        + " z.expire, z.ttl, z.ns_first, z.ns_second, z.user_id, z.project_id, z.version, z.created_at,"
                        + " z.updated_at FROM zones z JOIN seq_" + low + "_to_" + high + " n WHERE z.name = '" + seed
                        + "'");
            }
            long first;
            // the record ids' counter (V15), moved past the loaded records below; the service, idle, reserves none
            // meanwhile
            try (ResultSet rows = s.executeQuery("SELECT next_id FROM id_blocks WHERE name = 'zone_records'")) {
                rows.next();
                first = rows.getLong(1);
            }
            long inserted = 0;
            try (ResultSet rows = s.executeQuery("SELECT MIN(id), MAX(id) FROM zones WHERE id > " + lastBefore
                    + " AND name LIKE 'z%.bigours.test'")) {
                rows.next();
                long low = rows.getLong(1), high = rows.getLong(2);
                for (long start = low; start <= high; start += chunk) {
                    inserted +=
                            s.executeUpdate("INSERT INTO zone_records (id, zone_id, name, type, data, ttl, created_at,"
                                    + " updated_at) SELECT " + (first + inserted)
                                    + " - 1 + ROW_NUMBER() OVER (ORDER BY z.id, r.seq),"
                                    + " z.id, CONCAT('h', r.seq - 1), 'A', CONCAT('10.0.0.', r.seq - 1), NULL, z.created_at,"
                                    + " z.created_at FROM zones z JOIN seq_1_to_" + BIG_RECORDS_PER_ZONE
                                    + " r WHERE z.id BETWEEN " + start + " AND " + Math.min(high, start + chunk - 1)
                                    + " AND z.name LIKE 'z%.bigours.test'");
                }
            }
            s.executeUpdate("UPDATE id_blocks SET next_id = " + (first + inserted) + " WHERE name = 'zone_records'");
            return count(BenchEnvironment.SERVICE_DB, "SELECT COUNT(*) FROM zone_records");
        }
    }

    /** z0 to z{zones-1} in PowerDNS's schema, each with its SOA, two NS and 10 A records; answers the records of its database. */
    private long loadPdnsZones(int zones) throws SQLException {
        try (Connection c = env.db().connect(BenchEnvironment.PDNS_DB);
                Statement s = c.createStatement()) {
            s.executeUpdate("INSERT INTO domains (name, type) SELECT CONCAT('z', n.seq, '.bigpdns.test'), 'NATIVE'"
                    + " FROM seq_0_to_" + (zones - 1) + " n");
            String big = " FROM domains d WHERE d.name LIKE 'z%.bigpdns.test'";
            s.executeUpdate("INSERT INTO records (domain_id, name, type, content, ttl, prio, disabled, auth)"
                    + " SELECT d.id, d.name, 'SOA', 'ns1.hostingapi.test hostmaster.hostingapi.test 1 10800 3600 604800 3600',"
                    + " 3600, 0, 0, 1" + big);
            for (String ns : List.of(NS1, NS2)) {
                s.executeUpdate("INSERT INTO records (domain_id, name, type, content, ttl, prio, disabled, auth)"
                        + " SELECT d.id, d.name, 'NS', '" + ns.substring(0, ns.length() - 1) + "', 3600, 0, 0, 1"
                        + big);
            }
            s.executeUpdate("INSERT INTO records (domain_id, name, type, content, ttl, prio, disabled, auth)"
                    + " SELECT d.id, CONCAT('h', r.seq - 1, '.', d.name), 'A', CONCAT('10.0.0.', r.seq - 1), 300, 0, 0, 1"
                    + " FROM domains d JOIN seq_1_to_" + BIG_RECORDS_PER_ZONE
                    + " r WHERE d.name LIKE 'z%.bigpdns.test'");
            return count(BenchEnvironment.PDNS_DB, "SELECT COUNT(*) FROM records");
        }
    }

    private long count(String database, String sql) throws SQLException {
        try (Connection c = env.db().connect(database);
                Statement s = c.createStatement();
                ResultSet rows = s.executeQuery(sql)) {
            rows.next();
            return rows.getLong(1);
        }
    }

    // ---- the two APIs

    private String newCustomer(String prefix) throws Exception {
        String username = prefix + Long.toString(System.nanoTime(), 36);
        HttpResponse<String> created = expect(
                request(
                        "POST",
                        env.baseUrl() + "/api/v1/customers/create",
                        "Authorization",
                        "Bearer " + BenchEnvironment.BOOTSTRAP_TOKEN,
                        Json.createObjectBuilder()
                                .add("username", username)
                                .add("email", username + "@example.com")
                                .build()
                                .toString()),
                201);
        return parse(created.body())
                .getJsonObject("data")
                .getJsonObject("token")
                .getString("token");
    }

    private void createOurs(String zone, ZoneContent content) throws Exception {
        expect(
                oursRequest(
                        "POST",
                        "/api/v1/dns/zones/create",
                        Json.createObjectBuilder()
                                .add("name", zone)
                                .add("records", content.ours())
                                .build()
                                .toString()),
                201);
    }

    private void createPdns(String zone, ZoneContent content) throws Exception {
        expect(pdnsRequest("POST", "/zones", pdnsZone(zone, content).toString()), 201);
    }

    private static JsonObject pdnsZone(String zone, ZoneContent content) {
        return Json.createObjectBuilder()
                .add("name", zone + ".")
                .add("kind", "Native")
                .add("nameservers", Json.createArrayBuilder().add(NS1).add(NS2))
                .add("rrsets", content.pdns(zone, null))
                .build();
    }

    /** One A record (192.0.2.1) named {@code name} added to {@code zone} through the service. */
    private HttpRequest ourAddition(String accountToken, String zone, String name) {
        return oursRequest(
                accountToken,
                "POST",
                "/api/v1/dns/zones/records/add",
                "{\"zone\":\"" + zone + "\",\"records\":[{\"name\":\"" + name
                        + "\",\"type\":\"A\",\"data\":\"192.0.2.1\"}]}");
    }

    /** The same through PowerDNS's API: one RRset REPLACEd by a PATCH of the zone. */
    private HttpRequest pdnsAddition(String zone, String name) {
        return pdnsRequest(
                "PATCH",
                "/zones/" + zone + ".",
                "{\"rrsets\":[{\"name\":\"" + name + "." + zone
                        + ".\",\"type\":\"A\",\"ttl\":300,\"changetype\":\"REPLACE\",\"records\":[{\"content\":\"192.0.2.1\",\"disabled\":false}]}]}");
    }

    private HttpRequest oursRequest(String method, String path, String json) {
        return oursRequest(token, method, path, json);
    }

    private HttpRequest oursRequest(String accountToken, String method, String path, String json) {
        return request(method, env.baseUrl() + path, "Authorization", "Bearer " + accountToken, json);
    }

    private HttpRequest pdnsRequest(String method, String path, String json) {
        return request(
                method,
                env.pdns().apiUrl() + "/api/v1/servers/localhost" + path,
                "X-API-Key",
                PowerDnsServer.API_KEY,
                json);
    }

    /** A request with a JSON body (or none) and one header that authenticates it; the Galera scenario builds its own with it. */
    static HttpRequest request(String method, String url, String authHeader, String authValue, String json) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(url))
                .timeout(Duration.ofSeconds(60))
                .header(authHeader, authValue);
        if (json != null) {
            builder.header("Content-Type", "application/json");
        }
        return builder.method(
                        method,
                        json == null
                                ? HttpRequest.BodyPublishers.noBody()
                                : HttpRequest.BodyPublishers.ofString(json, StandardCharsets.UTF_8))
                .build();
    }

    private HttpResponse<String> expect(HttpRequest request, int status) throws IOException, InterruptedException {
        return expect(http, request, status);
    }

    /** The answer to {@code request}, which must have {@code status}. */
    static HttpResponse<String> expect(HttpClient http, HttpRequest request, int status)
            throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        if (response.statusCode() != status) {
            String body = response.body();
            throw new IllegalStateException(
                    request.method() + " " + request.uri() + " answered " + response.statusCode() + " instead of "
                            + status + ": " + body.substring(0, Math.min(body.length(), 500)));
        }
        return response;
    }

    /**
     * Waits (at most 300 s) until the service's outbox is empty, so that its publications to
     * PowerDNS do not load the machine while something else is measured. Answers the seconds it waited.
     */
    private double awaitPublished() throws Exception {
        long started = System.nanoTime();
        long deadline = started + TimeUnit.SECONDS.toNanos(300);
        int backlog = -1;
        while (System.nanoTime() < deadline) {
            backlog = publicationBacklog();
            if (backlog == 0) {
                double seconds = (System.nanoTime() - started) / 1e9;
                if (seconds > 5) {
                    BenchEnvironment.log(String.format(
                            Locale.ROOT, "The service's publications to PowerDNS took %.0f s to catch up", seconds));
                }
                return seconds;
            }
            Thread.sleep(250);
        }
        report.note("The service's publication backlog was still " + backlog
                + " after 300 s; the next figures ran while it drained.");
        return (System.nanoTime() - started) / 1e9;
    }

    /** The changes waiting in the service's outbox for the nameserver ({@code /health}); -1 when not told. */
    private int publicationBacklog() throws Exception {
        HttpRequest health = HttpRequest.newBuilder(URI.create(env.baseUrl() + "/health"))
                .timeout(Duration.ofSeconds(30))
                .build();
        JsonObject answer =
                parse(http.send(health, HttpResponse.BodyHandlers.ofString()).body());
        return answer.getJsonArray("checks").getValuesAs(JsonObject.class).stream()
                .filter(c -> c.getString("name").equals("nameserver"))
                .findFirst()
                .map(c -> Integer.parseInt(
                        c.getJsonObject("data").get("backlog").toString().replace("\"", "")))
                .orElse(-1);
    }

    /**
     * The CPU meter of a load of our writes: its window closes once their publishing is done
     * (CpuMeter#untilPublished), so what the publisher still had to do when the load stopped counts.
     */
    private CpuMeter writeCpu() {
        return cpu().untilPublished(
                        () -> {
                            try {
                                return publicationBacklog();
                            } catch (Exception e) {
                                return -1;
                            }
                        },
                        () -> {
                            try {
                                awaitPublished();
                            } catch (Exception e) {
                                throw new IllegalStateException("Waiting for the publications failed", e);
                            }
                        });
    }

    /** Whether the nameserver answers {@code name} with {@code address}, and when {@code signed} with its RRSIG. */
    private static boolean resolves(SimpleResolver resolver, String name, String address, boolean signed)
            throws IOException {
        Message answer =
                resolver.send(Message.newQuery(Record.newRecord(Name.fromString(name + "."), Type.A, DClass.IN)));
        boolean found = false;
        boolean signature = false;
        for (Record r : answer.getSection(Section.ANSWER)) {
            found |= r instanceof ARecord a && a.getAddress().getHostAddress().equals(address);
            signature |= r instanceof RRSIGRecord sig && sig.getTypeCovered() == Type.A;
        }
        return found && (!signed || signature);
    }

    @FunctionalInterface
    private interface Condition {
        boolean holds() throws Exception;
    }

    /** Checks the condition every millisecond until it holds (true) or {@code within} has passed (false). */
    private static boolean poll(Condition condition, Duration within) throws Exception {
        long deadline = System.nanoTime() + within.toNanos();
        while (System.nanoTime() < deadline) {
            if (condition.holds()) {
                return true;
            }
            Thread.sleep(1);
        }
        return false;
    }

    private static JsonObject parse(String json) {
        try (var reader = Json.createReader(new StringReader(json))) {
            return reader.readObject();
        }
    }

    private static List<JsonObject> records(JsonObject envelope) {
        return envelope.getJsonObject("data")
                .getJsonObject("zone")
                .getJsonArray("records")
                .getValuesAs(JsonObject.class);
    }

    private static void check(boolean condition, String what) {
        if (!condition) {
            throw new IllegalStateException("Expected: " + what);
        }
    }

    private static String rate(long errors, long calls) {
        return String.format(Locale.ROOT, "%d (%.2f %%)", errors, calls == 0 ? 0.0 : 100.0 * errors / calls);
    }

    // ---- where it ran

    private void describeMachine(long begun) throws Exception {
        report.header("Command: `mvn -Pbench package`; "
                + DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'")
                        .withZone(ZoneOffset.UTC)
                        .format(Instant.now()));
        report.header("Counts: " + settings.describe());
        String pdnsVersion = parse(http.send(pdnsRequest("GET", "", null), HttpResponse.BodyHandlers.ofString())
                        .body())
                .getString("version", "?");
        String mariaDbVersion;
        try (Connection c = env.db().connect(BenchEnvironment.SCRATCH_DB);
                Statement s = c.createStatement();
                ResultSet rows = s.executeQuery("SELECT VERSION()")) {
            rows.next();
            mariaDbVersion = rows.getString(1);
        }
        report.header("Software: Java " + System.getProperty("java.version") + ", Payara Micro "
                + System.getProperty("payara.version", "?")
                + " (the run command's JVM options), PowerDNS Authoritative " + pdnsVersion + " (gmysql), MariaDB "
                + mariaDbVersion
                + " (" + env.db().describe()
                + "; the service, PowerDNS and the floor each in a database of their own)");
        report.header("Machine: " + cpuModel() + ", `nproc` " + command("nproc").strip()
                + "; load average at the start: " + loadAverage());
        report.header("`free -g`:\n\n```\n" + command("free", "-g").stripTrailing() + "\n```\n");
        BenchEnvironment.log(
                "Environment ready after " + TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - begun) + " s");
    }

    private static String command(String... command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            p.waitFor(10, TimeUnit.SECONDS);
            return out;
        } catch (IOException e) {
            return "(" + String.join(" ", command) + " failed: " + e.getMessage() + ")";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }

    private static String cpuModel() {
        try {
            return Files.readAllLines(Path.of("/proc/cpuinfo")).stream()
                    .filter(l -> l.startsWith("model name"))
                    .map(l -> l.substring(l.indexOf(':') + 1).strip())
                    .findFirst()
                    .orElse("unknown CPU");
        } catch (IOException e) {
            return "unknown CPU";
        }
    }

    private static String loadAverage() {
        try {
            String[] fields = Files.readString(Path.of("/proc/loadavg")).split(" ");
            return fields[0] + " " + fields[1] + " " + fields[2];
        } catch (IOException e) {
            return "?";
        }
    }
}
