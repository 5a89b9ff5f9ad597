package net.hostingapi.bench;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;
import net.hostingapi.bench.LoadClient.Plan;
import net.hostingapi.bench.LoadClient.Result;
import net.hostingapi.bench.Report.Ratio;
import net.hostingapi.launcher.EmbeddedMariaDb;
import net.hostingapi.launcher.ServiceLauncher;
import net.hostingapi.support.GaleraCluster;
import net.hostingapi.support.PowerDnsServer;

/**
 * The benchmark on Galera (issue 61, section 4): add one record, 20 clients on 20 zones, through
 * two instances of the service (the run command, 10 clients on each) on a three-node Galera
 * cluster, held against the same load through one instance on one MariaDB ("add on 20 zones" of
 * this run): throughput, p50, p99, 5xx, lost writes, CPU per request. PowerDNS (gmysql) on a node
 * of the same cluster takes the instances' publications and, as the anchor, the same load through
 * its own API. Everything it starts is stopped again, also when it fails.
 */
final class GaleraScenario {

    /** What "add on 20 zones" measured on one node, which the cluster is held against. */
    record OneNode(Result ours, CpuMeter ourCpu, Result pdns, CpuMeter pdnsCpu, boolean jitWarm) {}

    /** Answers the one-node figure (running it when this run has none yet). */
    @FunctionalInterface
    interface OneNodeRun {
        OneNode get() throws Exception;
    }

    static final String SCENARIO = "add one record, 20 clients on 20 zones, on Galera: two instances, three nodes";

    /** The target: the cluster's throughput at least this share of one node's. */
    private static final double TARGET_SHARE = 0.7;

    private static final int CLIENTS = 20;
    private static final String DB = "hostingapi_bench_galera";
    private static final String PDNS_DB = "hostingapi_bench_galera_pdns";
    /** PowerDNS reaches the cluster through the node that neither instance prefers. */
    private static final int PDNS_NODE = 3;
    /**
     * The driver opens connections to Synced nodes only (galera.md); BENCH_GALERA_URL_OPTIONS
     * replaces it, e.g. with {@code galeraAllowedState=4&sessionVariables=wsrep_sync_wait=1}.
     */
    private static final String URL_OPTIONS = System.getenv()
            .getOrDefault("BENCH_GALERA_URL_OPTIONS", "galeraAllowedState=4")
            .strip();

    private static final String NODE = "MariaDB node ";
    private static final String JIT = "'s JIT compiler";
    private static final double SETTLED_COMPILER_SHARE = 0.02;
    /**
     * At most this many settling rounds (of {@code BENCH_JIT_SETTLE_ROUNDS}): two JVMs beside three
     * mariadbd on two cores settle slowly, and the scenario is to take minutes; what their compilers
     * still took is a row of its own.
     */
    private static final int SETTLE_ROUNDS = 4;

    private final BenchEnvironment env;
    private final Report report;
    private final Benchmark.Settings settings;
    private final HttpClient http;
    private final Path dir;
    private final List<Instance> instances = new ArrayList<>();
    private final Thread hook = new Thread(this::stopAll, "bench-galera-shutdown");
    private GaleraCluster cluster;
    private PowerDnsServer pdns;
    private String token;
    private final List<String> setup = new ArrayList<>();

    GaleraScenario(BenchEnvironment env, Report report, Benchmark.Settings settings, HttpClient http) {
        this.env = env;
        this.report = report;
        this.settings = settings;
        this.http = http;
        this.dir = env.dir().resolve("galera");
    }

    /** One instance of the service: its run command, its Payara JVM, where it answers. */
    private static final class Instance {
        final String name;
        final String dbUrl;
        final int port;
        final Path log;
        Process launcher;
        ProcessHandle payara;

        Instance(String name, String dbUrl, int port, Path log) {
            this.name = name;
            this.dbUrl = dbUrl;
            this.port = port;
            this.log = log;
        }

        String baseUrl() {
            return "http://127.0.0.1:" + port;
        }
    }

    void run(OneNodeRun oneNodeRun) throws Exception {
        OneNode oneNode = oneNodeRun.get();
        if (oneNode == null) {
            throw new IllegalStateException("the one-node run (\"add on 20 zones\") gave no figures");
        }
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            start();
            warmUp(oneNode.jitWarm());
            Load ours = throughTheInstances();
            Load theirs = anchor();
            report(oneNode, ours, theirs);
        } finally {
            stopAll();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the hook runs (or ran) stopAll, which does nothing twice
            }
        }
    }

    // ---- the cluster, PowerDNS and the two instances

    private void start() throws Exception {
        long begun = System.nanoTime();
        cluster = startCluster();
        double clusterSeconds = seconds(begun);
        String galeraFlush = variable(1, "@@innodb_flush_log_at_trx_commit");
        String oneNodeFlush = oneNodeFlushSetting();
        if (oneNodeFlush.matches("[012]")) {
            // like for like: GaleraCluster leaves the fsync per commit out, the one-node server may not
            for (int node = 1; node <= cluster.size(); node++) {
                execute(node, "SET GLOBAL innodb_flush_log_at_trx_commit = " + oneNodeFlush);
            }
        }
        cluster.createDatabase(DB);
        cluster.createDatabase(PDNS_DB);
        try (Connection c = DriverManager.getConnection(cluster.nodeUrl(PDNS_NODE, PDNS_DB), "root", "")) {
            BenchEnvironment.loadPowerDnsSchema(c);
        }
        pdns = BenchEnvironment.startPowerDns(
                dir.resolve("pdns"), "127.0.0.1", cluster.port(PDNS_NODE), "root", "", PDNS_DB);
        long launched = System.nanoTime();
        // both at once, on an empty database, as instances.md allows: one migrates while the other waits
        instances.add(launch("instance A", 1, 2, 3));
        instances.add(launch("instance B", 2, 3, 1));
        for (Instance instance : instances) {
            await(instance);
        }
        double instancesSeconds = seconds(launched);
        token = newCustomer();
        setup.add(String.format(
                Locale.ROOT,
                "three Galera nodes (Debian's mariadbd %s with galera-4, SST by rsync, GaleraCluster's settings but"
                        + " innodb_flush_log_at_trx_commit=%s as on the one-node server, where GaleraCluster sets %s)"
                        + " Synced %.0f s after the start; instance A on %s, instance B on %s (each the run command, started at"
                        + " once, both answering %.0f s later; the first node of each list preferred: /health names"
                        + " %s and %s); PowerDNS (gmysql) on node %d",
                variable(PDNS_NODE, "VERSION()"),
                variable(1, "@@innodb_flush_log_at_trx_commit"),
                galeraFlush,
                clusterSeconds,
                EmbeddedMariaDb.withoutQuery(instances.get(0).dbUrl) + "?" + URL_OPTIONS,
                EmbeddedMariaDb.withoutQuery(instances.get(1).dbUrl) + "?" + URL_OPTIONS,
                instancesSeconds,
                databaseNode(instances.get(0)),
                databaseNode(instances.get(1)),
                PDNS_NODE));
    }

    /**
     * Three nodes, in up to three attempts: GaleraCluster picks each node's ports before the first
     * starts, and on a machine where others build, an outgoing connection took one of them
     * meanwhile ("Failed to open IST listener ... Address already in use": the joiner aborts).
     */
    private GaleraCluster startCluster() {
        for (int attempt = 1; ; attempt++) {
            try {
                return GaleraCluster.start(dir.resolve("cluster"), 3);
            } catch (AssertionError e) {
                if (attempt == 3) {
                    throw e;
                }
                BenchEnvironment.log("The Galera cluster did not start (attempt " + attempt + "), once more: "
                        + e.getMessage().lines().findFirst().orElse(""));
            }
        }
    }

    private Instance launch(String name, int... nodeOrder) throws IOException {
        String slug = name.replace(' ', '-');
        Instance instance = new Instance(
                name,
                cluster.url(DB, nodeOrder) + "?" + URL_OPTIONS,
                EmbeddedMariaDb.freePort(),
                dir.resolve(slug + ".log"));
        ProcessBuilder builder = new ProcessBuilder(ServiceLauncher.command())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(instance.log.toFile()));
        builder.environment()
                .putAll(BenchEnvironment.serviceSettings(
                        instance.dbUrl,
                        "root",
                        "",
                        dir.resolve(slug),
                        instance.port,
                        EmbeddedMariaDb.freePort(),
                        pdns));
        BenchEnvironment.log("Starting " + name + " (run command) on " + instance.baseUrl() + ", DB_URL "
                + EmbeddedMariaDb.withoutQuery(instance.dbUrl) + ", log " + instance.log);
        instance.launcher = builder.start();
        return instance;
    }

    /** Until the instance answers an authenticated request, at most five minutes (two start on two cores). */
    private void await(Instance instance) throws Exception {
        HttpRequest permissions = HttpRequest.newBuilder(URI.create(instance.baseUrl() + "/api/v1/account/permissions"))
                .header("Authorization", "Bearer " + BenchEnvironment.BOOTSTRAP_TOKEN)
                .timeout(Duration.ofSeconds(10))
                .build();
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
        while (System.nanoTime() < deadline) {
            if (!instance.launcher.isAlive()) {
                throw new IllegalStateException(instance.name + " exited (code " + instance.launcher.exitValue() + ")\n"
                        + BenchEnvironment.tail(instance.log));
            }
            if (instance.payara == null) {
                instance.payara = instance.launcher
                        .descendants()
                        .filter(p -> p.info().commandLine().orElse("").contains("payara-micro"))
                        .findFirst()
                        .orElse(null);
            }
            try {
                if (instance.payara != null
                        && http.send(permissions, HttpResponse.BodyHandlers.discarding())
                                        .statusCode()
                                == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(200);
        }
        throw new IllegalStateException(
                instance.name + " did not answer within 5 minutes\n" + BenchEnvironment.tail(instance.log));
    }

    /** Each step on its own: one that fails must not leave the others running. */
    private synchronized void stopAll() {
        for (Instance instance : instances) {
            if (instance.launcher != null) {
                try {
                    BenchEnvironment.log("Stopping " + instance.name);
                    BenchEnvironment.stopService(instance.launcher, instance.payara);
                } catch (RuntimeException e) {
                    BenchEnvironment.log("Stopping " + instance.name + " failed: " + e);
                }
                instance.launcher = null;
            }
        }
        if (pdns != null) {
            BenchEnvironment.log("Stopping the Galera scenario's PowerDNS");
            pdns.stop();
            pdns = null;
        }
        if (cluster != null) {
            BenchEnvironment.log("Stopping the Galera cluster");
            cluster.close();
            cluster = null;
        }
    }

    // ---- warm-up, as the benchmark's own (Benchmark#warmUp) on both instances at once

    /**
     * Shows, additions and list pages through both instances for {@code BENCH_JIT_WARMUP_SECONDS}
     * each, then rounds of them until neither JVM's JIT compiler took {@link #SETTLED_COMPILER_SHARE}
     * of a core over a round (at most {@link #SETTLE_ROUNDS}). Only when the one-node
     * instance had its warm-up ({@code oneNodeWarm}): both sides measured alike, with their compilers
     * or without.
     */
    private void warmUp(boolean oneNodeWarm) throws Exception {
        if (!oneNodeWarm || settings.jitWarmupSeconds() <= 0) {
            setup.add("no JIT warm-up of the instances, as the one-node instance had none before its figure (with"
                    + " \"warm-up of the service's JVM\" in BENCH_ONLY both get it); the load's own warm-up only");
            return;
        }
        String shown = "warmup-show.galera.ours.bench.test";
        createZone(instances.get(0), shown, ZoneContent.of(100).ours());
        warmUpLoads(shown, "galera0", Duration.ofSeconds(settings.jitWarmupSeconds()));
        int rounds = 0;
        double share = -1;
        while (rounds < Math.min(settings.jitSettleRounds(), SETTLE_ROUNDS)) {
            rounds++;
            String tag = "galera" + rounds;
            share = compilerShareDuring(() -> warmUpLoads(shown, tag, Duration.ofSeconds(10)));
            BenchEnvironment.log(String.format(
                    Locale.ROOT,
                    "Galera JIT warm-up round %d: the busier compiler took %.1f %% of a core",
                    rounds,
                    share * 100));
            if (share < SETTLED_COMPILER_SHARE) {
                break;
            }
        }
        setup.add(String.format(
                Locale.ROOT,
                "JIT warm-up of both instances at once: %d s of shows, %d s of additions and %d s of list pages,"
                        + " then %d round(s) until the busier compiler took %.1f %% of a core (settled below %.0f %%:"
                        + " %s)",
                settings.jitWarmupSeconds(),
                settings.jitWarmupSeconds(),
                settings.jitWarmupSeconds() / 4,
                rounds,
                share * 100,
                SETTLED_COMPILER_SHARE * 100,
                share >= 0 && share < SETTLED_COMPILER_SHARE ? "yes" : "no"));
        awaitPublished();
    }

    /** 50 clients showing, 20 adding on 20 new zones, 4 listing: each client through one instance, alternately. */
    private void warmUpLoads(String shown, String tag, Duration time) throws Exception {
        LoadClient.run(
                Plan.timed(50, time, Duration.ofSeconds(1)),
                t -> LoadClient.http(
                        http, () -> oursRequest(via(t), "GET", "/api/v1/dns/zones/show?zone=" + shown, null)));
        List<String> zones = createOurZones("w%d." + tag + ".ours.bench.test");
        LoadClient.run(Plan.timed(CLIENTS, time, Duration.ofSeconds(1)), t -> {
            long[] n = {0};
            return () -> http.send(addition(via(t), zones.get(t), "j" + t + "n" + n[0]++), discarding())
                    .statusCode();
        });
        List<String> pages = List.of(
                "/api/v1/dns/zones?limit=20&offset=0&name=." + tag + ".",
                "/api/v1/dns/zones?limit=20&after=" + zones.get(3));
        LoadClient.run(
                Plan.timed(4, time.dividedBy(4), Duration.ofSeconds(1)),
                t -> LoadClient.http(http, () -> oursRequest(via(t), "GET", pages.get(t / 2 % 2), null)));
    }

    /** The larger of the two JIT compilers' shares of a core while {@code step} ran. */
    private double compilerShareDuring(Step step) throws Exception {
        long[] before = instances.stream()
                .mapToLong(i -> CpuMeter.compilerTicks(i.payara.pid()))
                .toArray();
        long started = System.nanoTime();
        step.run();
        double seconds = seconds(started);
        double most = 0;
        for (int i = 0; i < instances.size(); i++) {
            long after = CpuMeter.compilerTicks(instances.get(i).payara.pid());
            if (before[i] >= 0 && after >= 0) {
                most = Math.max(most, (after - before[i]) / (double) CpuMeter.ticksPerSecond() / seconds);
            }
        }
        return most;
    }

    @FunctionalInterface
    private interface Step {
        void run() throws Exception;
    }

    // ---- the loads

    /** A load's outcome: its result, CPU, what was lost, the cluster's counters over its window. */
    private record Load(Result result, CpuMeter cpu, long lost, Counters counters, String loadAverage, String notes) {}

    /** The 20 clients through the two instances (client t through instance t % 2), one zone each. */
    private Load throughTheInstances() throws Exception {
        List<String> zones = createOurZones("z%d.galera.ours.bench.test");
        awaitPublished();
        Set<String> acks = ConcurrentHashMap.newKeySet();
        AtomicLongArray acked = new AtomicLongArray(instances.size());
        CpuMeter cpu = new CpuMeter(processes(true), this::roundTrips).untilPublished(this::backlog, () -> {
            try {
                awaitPublished();
            } catch (Exception e) {
                throw new IllegalStateException("Waiting for the publications failed", e);
            }
        });
        for (Instance instance : instances) {
            cpu.withThreadsOf(instance.payara.pid(), instance.name + JIT, CpuMeter.COMPILER);
        }
        Watched window = new Watched(cpu);
        Result result = LoadClient.run(
                settings.timed(CLIENTS),
                t -> {
                    String zone = zones.get(t);
                    long[] n = {0};
                    return () -> {
                        String name = "w" + t + "n" + n[0]++;
                        int status = http.send(addition(via(t), zone, name), discarding())
                                .statusCode();
                        if (status / 100 == 2) {
                            acks.add(zone + " " + name);
                            acked.incrementAndGet(t % instances.size());
                        }
                        return status;
                    };
                },
                window);
        report.run(SCENARIO, "ours: two instances, three nodes", result);

        // read back through each instance: a write one acknowledged must be shown by both
        StringBuilder notes = new StringBuilder();
        long lost = 0;
        Set<String> shownByA = null;
        for (Instance instance : instances) {
            Set<String> shown = new HashSet<>();
            for (String zone : zones) {
                for (JsonObject r :
                        records(oursRequest(instance, "GET", "/api/v1/dns/zones/show?zone=" + zone, null))) {
                    if (r.getString("name").startsWith("w")) {
                        shown.add(zone + " " + r.getString("name"));
                    }
                }
            }
            long missing = acks.stream().filter(a -> !shown.contains(a)).count();
            lost = Math.max(lost, missing);
            notes.append(String.format(
                    Locale.ROOT,
                    "%s acknowledged %d writes and shows %d records (%d acknowledged not shown); ",
                    instance.name,
                    acked.get(instances.indexOf(instance)),
                    shown.size(),
                    missing));
            if (shownByA == null) {
                shownByA = shown;
            }
        }
        Set<String> published = pdnsRecords(zones);
        long unpublished = shownByA.stream().filter(a -> !published.contains(a)).count();
        long extra = published.stream().filter(a -> !acks.contains(a)).count();
        notes.append(String.format(
                Locale.ROOT,
                "PowerDNS on the cluster holds %d of these records (%d shown by the API not published; %d published"
                        + " whose addition was not acknowledged: a call that failed without an answer may still"
                        + " be stored)",
                published.size(),
                unpublished,
                extra));
        return new Load(result, cpu, lost, window.read(), window.loadAverage, notes.toString());
    }

    /** PowerDNS's own API on the cluster: the same 20 clients adding one RRset each by PATCH. */
    private Load anchor() throws Exception {
        List<String> zones = new ArrayList<>();
        for (int z = 0; z < CLIENTS; z++) {
            zones.add("z" + z + ".galera.pdns.bench.test");
            expect(
                    pdnsRequest(
                            "POST",
                            "/zones",
                            Json.createObjectBuilder()
                                    .add("name", zones.get(z) + ".")
                                    .add("kind", "Native")
                                    .add(
                                            "nameservers",
                                            Json.createArrayBuilder()
                                                    .add("ns1.hostingapi.test.")
                                                    .add("ns2.hostingapi.test."))
                                    .add("rrsets", Json.createArrayBuilder())
                                    .build()
                                    .toString()),
                    201);
        }
        Set<String> acks = ConcurrentHashMap.newKeySet();
        CpuMeter cpu = new CpuMeter(processes(false), this::roundTrips);
        Watched window = new Watched(cpu);
        Result result = LoadClient.run(
                settings.timed(CLIENTS),
                t -> {
                    String zone = zones.get(t);
                    long[] n = {0};
                    return () -> {
                        String name = "w" + t + "n" + n[0]++;
                        int status = http.send(pdnsAddition(zone, name), discarding())
                                .statusCode();
                        if (status / 100 == 2) {
                            acks.add(zone + " " + name);
                        }
                        return status;
                    };
                },
                window);
        report.run(SCENARIO, "PowerDNS (gmysql on node " + PDNS_NODE + ")", result);
        Set<String> stored = pdnsRecords(zones);
        long lost = acks.stream().filter(a -> !stored.contains(a)).count();
        String notes = String.format(
                Locale.ROOT,
                "PowerDNS acknowledged %d writes and holds %d rrsets (%d lost)",
                acks.size(),
                stored.size(),
                lost);
        return new Load(result, cpu, lost, window.read(), window.loadAverage, notes);
    }

    /**
     * The processes read: with {@code instances} both JVMs, and always the three mariadbd,
     * pdns_server and the load client.
     */
    private Map<String, Long> processes(boolean withInstances) throws SQLException, IOException {
        Map<String, Long> pids = new LinkedHashMap<>();
        if (withInstances) {
            instances.forEach(i -> pids.put(i.name, i.payara.pid()));
        }
        for (int node = 1; node <= cluster.size(); node++) {
            pids.put(
                    NODE + node,
                    Long.parseLong(Files.readString(Path.of(variable(node, "@@pid_file")))
                            .strip()));
        }
        pids.put(BenchEnvironment.POWERDNS, pdns.pid());
        pids.put(BenchEnvironment.LOAD_CLIENT, ProcessHandle.current().pid());
        return pids;
    }

    // ---- the cluster's counters

    /** Counters of all nodes at both ends of a load's window, around its CpuMeter. */
    private final class Watched implements LoadClient.Window {
        private final CpuMeter cpu;
        private Map<String, long[]> before;
        private Map<String, long[]> after;
        private String loadAverage = "?";

        Watched(CpuMeter cpu) {
            this.cpu = cpu;
        }

        @Override
        public void opened() {
            before = nodeCounters();
            cpu.opened();
        }

        @Override
        public void closed() {
            loadAverage = loadAverage();
            cpu.closed();
            after = nodeCounters();
        }

        Counters read() {
            return new Counters(before, after);
        }
    }

    private static final List<String> COUNTERS =
            List.of("wsrep_local_cert_failures", "wsrep_local_bf_aborts", "wsrep_flow_control_paused_ns");

    /** The nodes' counters by name, one value per node (-1 where unread). */
    private Map<String, long[]> nodeCounters() {
        Map<String, long[]> values = new LinkedHashMap<>();
        COUNTERS.forEach(name -> values.put(name, new long[cluster.size()]));
        for (int node = 1; node <= cluster.size(); node++) {
            Map<String, Long> status = status(node, COUNTERS);
            for (String name : COUNTERS) {
                values.get(name)[node - 1] = status.getOrDefault(name, -1L);
            }
        }
        return values;
    }

    /** A window's certification conflicts (all nodes) and flow-control pause (the most of any node). */
    private record Counters(Map<String, long[]> before, Map<String, long[]> after) {

        Double conflicts() {
            Double failures = sum("wsrep_local_cert_failures");
            Double aborts = sum("wsrep_local_bf_aborts");
            return failures == null || aborts == null ? null : failures + aborts;
        }

        Double flowControlSeconds() {
            long[] b = before.get("wsrep_flow_control_paused_ns"), a = after.get("wsrep_flow_control_paused_ns");
            double most = 0;
            for (int i = 0; i < b.length; i++) {
                if (b[i] < 0 || a[i] < b[i]) {
                    return null;
                }
                most = Math.max(most, (a[i] - b[i]) / 1e9);
            }
            return most;
        }

        private Double sum(String name) {
            long[] b = before.get(name), a = after.get(name);
            long sum = 0;
            for (int i = 0; i < b.length; i++) {
                if (b[i] < 0 || a[i] < b[i]) {
                    return null;
                }
                sum += a[i] - b[i];
            }
            return (double) sum;
        }
    }

    /** Statements and pings all three nodes answered (their clients' round trips); -1 when one cannot be asked. */
    private long roundTrips() {
        long sum = 0;
        for (int node = 1; node <= cluster.size(); node++) {
            Map<String, Long> status = status(node, List.of("Questions", "Com_admin_commands"));
            if (status.size() < 2) {
                return -1;
            }
            sum += status.values().stream().mapToLong(Long::longValue).sum();
        }
        return sum;
    }

    private Map<String, Long> status(int node, List<String> names) {
        Map<String, Long> values = new LinkedHashMap<>();
        try (Connection c = DriverManager.getConnection(cluster.nodeUrl(node, ""), "root", "");
                Statement s = c.createStatement();
                ResultSet rows = s.executeQuery(
                        "SHOW GLOBAL STATUS WHERE Variable_name IN ('" + String.join("', '", names) + "')")) {
            while (rows.next()) {
                values.put(rows.getString(1).toLowerCase(Locale.ROOT), rows.getLong(2));
            }
        } catch (SQLException e) {
            values.clear();
        }
        Map<String, Long> byGivenName = new LinkedHashMap<>();
        names.forEach(n -> {
            Long v = values.get(n.toLowerCase(Locale.ROOT));
            if (v != null) {
                byGivenName.put(n, v);
            }
        });
        return byGivenName;
    }

    private void execute(int node, String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection(cluster.nodeUrl(node, ""), "root", "");
                Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    private String variable(int node, String expression) throws SQLException {
        try (Connection c = DriverManager.getConnection(cluster.nodeUrl(node, ""), "root", "");
                Statement s = c.createStatement();
                ResultSet rows = s.executeQuery("SELECT " + expression)) {
            rows.next();
            return rows.getString(1);
        }
    }

    private String oneNodeFlushSetting() {
        try (Connection c = env.db().connect("");
                Statement s = c.createStatement();
                ResultSet rows = s.executeQuery("SELECT @@innodb_flush_log_at_trx_commit")) {
            rows.next();
            return rows.getString(1);
        } catch (SQLException e) {
            return "?";
        }
    }

    // ---- the report

    private void report(OneNode one, Load ours, Load theirs) {
        Result o = ours.result(), p = theirs.result();
        long n = o.measured(), m = p.measured();
        double share = one.ours().throughput() > 0 ? o.throughput() / one.ours().throughput() : Double.NaN;
        report.add(
                SCENARIO,
                "throughput (req/s)",
                o.throughput(),
                p.throughput(),
                null,
                Ratio.THROUGHPUT,
                "Galera ≥ " + TARGET_SHARE + "× one node",
                share >= TARGET_SHARE);
        row(
                "throughput on one node, one instance (\"add on 20 zones\"; req/s)",
                one.ours().throughput(),
                one.pdns().throughput(),
                Ratio.THROUGHPUT);
        row(
                "throughput: Galera ÷ one node",
                share,
                ratio(p.throughput(), one.pdns().throughput()),
                Ratio.NONE);
        row("p50 (ms)", o.p50Ms(), p.p50Ms(), Ratio.LATENCY);
        row("p99 (ms)", o.p99Ms(), p.p99Ms(), Ratio.LATENCY);
        row("p99 on one node, one instance (ms)", one.ours().p99Ms(), one.pdns().p99Ms(), Ratio.LATENCY);
        report.addText(SCENARIO, "errors (non-2xx / 5xx / failed of calls)", o.errors(), p.errors(), null, null);
        report.addCounts(SCENARIO, "5xx answers", o.status5xx(), p.status5xx(), "ours: 0", o.status5xx() == 0);
        report.addCounts(
                SCENARIO,
                "lost writes (acknowledged, not shown by both instances)",
                ours.lost(),
                theirs.lost(),
                "ours: 0",
                ours.lost() == 0);

        CpuMeter oc = ours.cpu(), pc = theirs.cpu();
        String[] apis = instances.stream().map(i -> i.name).toArray(String[]::new);
        String[] compilers = instances.stream().map(i -> i.name + JIT).toArray(String[]::new);
        String[] nodes = new String[cluster.size()];
        for (int i = 0; i < nodes.length; i++) {
            nodes[i] = NODE + (i + 1);
        }
        String pdnsName = BenchEnvironment.POWERDNS;
        row(
                "CPU per request: the API's processes (both instances; ms)",
                oc.perRequestMs(n, apis),
                pc.perRequestMs(pdnsName, m),
                Ratio.LATENCY);
        row(
                "CPU per request: of the API's processes, their JIT compilers (ms)",
                oc.perRequestMs(n, compilers),
                null,
                Ratio.NONE);
        row(
                "CPU per request: MariaDB, all three nodes (ms)",
                oc.perRequestMs(n, nodes),
                pc.perRequestMs(m, nodes),
                Ratio.LATENCY);
        for (String node : nodes) {
            row(
                    "CPU per request: of MariaDB, " + node.substring("MariaDB ".length()) + " (ms)",
                    oc.perRequestMs(node, n),
                    pc.perRequestMs(node, m),
                    Ratio.NONE);
        }
        Double ourSum = sum(oc.perRequestMs(n, apis), oc.perRequestMs(n, nodes));
        Double theirSum = sum(pc.perRequestMs(pdnsName, m), pc.perRequestMs(m, nodes));
        Double oneOurs =
                one.ourCpu().perRequestMs(one.ours().measured(), BenchEnvironment.SERVICE, BenchEnvironment.MARIADB);
        Double oneTheirs = one.pdnsCpu().perRequestMs(one.pdns().measured(), pdnsName, BenchEnvironment.MARIADB);
        row("CPU per request: API + MariaDB (ms)", ourSum, theirSum, Ratio.LATENCY);
        row("CPU per request: API + MariaDB on one node, one instance (ms)", oneOurs, oneTheirs, Ratio.LATENCY);
        row(
                "CPU per request, API + MariaDB: Galera ÷ one node",
                ratio(ourSum, oneOurs),
                ratio(theirSum, oneTheirs),
                Ratio.NONE);
        row(
                "CPU per request: pdns_server taking the service's publications (ms)",
                oc.perRequestMs(pdnsName, n),
                null,
                Ratio.NONE);
        row(
                "MariaDB round trips per request (all three nodes, all their clients)",
                oc.roundTripsPerRequest(n),
                pc.roundTripsPerRequest(m),
                Ratio.LATENCY);
        report.addText(
                SCENARIO,
                "certification conflicts in the window (wsrep_local_cert_failures + wsrep_local_bf_aborts, all"
                        + " nodes; the service repeats them)",
                count(ours.counters().conflicts()),
                count(theirs.counters().conflicts()),
                null,
                null);
        row(
                "seconds paused by flow control in the window (the most of any node)",
                ours.counters().flowControlSeconds(),
                theirs.counters().flowControlSeconds(),
                Ratio.NONE);
        if (oc.backlogAtClose() >= 0) {
            report.addText(
                    SCENARIO,
                    "our changes still waiting for publication when the load stopped (their publishing is counted"
                            + " above)",
                    Long.toString(oc.backlogAtClose()),
                    null,
                    null,
                    null);
            row(
                    "seconds until the last change was published after the load stopped",
                    oc.catchUpSeconds(),
                    null,
                    Ratio.NONE);
        }
        row(
                "CPU per request: load client (ms)",
                oc.perRequestMs(BenchEnvironment.LOAD_CLIENT, n),
                pc.perRequestMs(BenchEnvironment.LOAD_CLIENT, m),
                Ratio.NONE);
        report.addText(
                SCENARIO,
                "load average (1, 5, 15 min) when the load ended",
                ours.loadAverage(),
                theirs.loadAverage(),
                null,
                null);

        report.note(String.format(
                Locale.ROOT,
                "%s: %s. Throughput %.1f req/s against %.1f on one node (%.2f×; target ≥ %.1f×: %s). %s; %s. All of"
                        + " it on one machine of %d cores: three mariadbd, two Payara JVMs, pdns_server and the load"
                        + " client share them (the bench's one-node service, PowerDNS and MariaDB idle beside them),"
                        + " where a real cluster has a machine per node; the one-node figure was measured %s the"
                        + " benchmark's JIT warm-up, and its MariaDB CPU is that of the server of DB_URL, with whatever"
                        + " else used it meanwhile.",
                SCENARIO,
                String.join("; ", setup),
                o.throughput(),
                one.ours().throughput(),
                share,
                TARGET_SHARE,
                share >= TARGET_SHARE ? "met" : "NOT met",
                ours.notes(),
                theirs.notes(),
                Runtime.getRuntime().availableProcessors(),
                one.jitWarm() ? "after" : "without"));
    }

    /** A row of both sides' figures (PowerDNS's null where it has none), without a target. */
    private void row(String metric, Double ours, Double theirs, Ratio ratio) {
        report.add(SCENARIO, metric, ours, theirs, null, ratio, null, null);
    }

    private static String count(Double value) {
        return value == null ? "" : String.format(Locale.ROOT, "%.0f", value);
    }

    private static Double sum(Double a, Double b) {
        return a == null || b == null ? null : a + b;
    }

    private static Double ratio(Double a, Double b) {
        return a == null || b == null || b <= 0 ? null : a / b;
    }

    // ---- the APIs

    /** Client {@code t}'s instance: clients alternate between the two. */
    private Instance via(int t) {
        return instances.get(t % instances.size());
    }

    private String newCustomer() throws Exception {
        String username = "galera" + Long.toString(System.nanoTime(), 36);
        HttpRequest create = Benchmark.request(
                "POST",
                instances.get(0).baseUrl() + "/api/v1/customers/create",
                "Authorization",
                "Bearer " + BenchEnvironment.BOOTSTRAP_TOKEN,
                Json.createObjectBuilder()
                        .add("username", username)
                        .add("email", username + "@example.com")
                        .build()
                        .toString());
        return parse(expect(create, 201).body())
                .getJsonObject("data")
                .getJsonObject("token")
                .getString("token");
    }

    /**
     * Twenty empty zones named by {@code pattern} (%d: 0..19), all through instance A: siblings'
     * claims queue on their parents' lock rows, and through two nodes a create whose zone INSERT
     * lost that race to certification answered 409 NAME_TAKEN instead of being repeated
     * (ZoneEditor.flushClaiming). Setup, not what is measured.
     */
    private List<String> createOurZones(String pattern) throws Exception {
        List<String> zones = new ArrayList<>();
        for (int z = 0; z < CLIENTS; z++) {
            zones.add(String.format(Locale.ROOT, pattern, z));
            createZone(instances.get(0), zones.get(z), Json.createArrayBuilder().build());
        }
        awaitApplied(zones.get(CLIENTS - 1));
        return zones;
    }

    /** Until instance B shows {@code zone} too: its node applies A's write sets a moment later. */
    private void awaitApplied(String zone) throws Exception {
        HttpRequest show = oursRequest(instances.get(1), "GET", "/api/v1/dns/zones/show?zone=" + zone, null);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (http.send(show, discarding()).statusCode() != 200) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("instance B does not show " + zone + " 30 s after its creation");
            }
            Thread.sleep(20);
        }
    }

    private void createZone(Instance instance, String zone, jakarta.json.JsonArray records) throws Exception {
        expect(
                oursRequest(
                        instance,
                        "POST",
                        "/api/v1/dns/zones/create",
                        Json.createObjectBuilder()
                                .add("name", zone)
                                .add("records", records)
                                .build()
                                .toString()),
                201);
    }

    private HttpRequest addition(Instance instance, String zone, String name) {
        return oursRequest(
                instance,
                "POST",
                "/api/v1/dns/zones/records/add",
                "{\"zone\":\"" + zone + "\",\"records\":[{\"name\":\"" + name
                        + "\",\"type\":\"A\",\"data\":\"192.0.2.1\"}]}");
    }

    private HttpRequest pdnsAddition(String zone, String name) {
        return pdnsRequest(
                "PATCH",
                "/zones/" + zone + ".",
                "{\"rrsets\":[{\"name\":\"" + name + "." + zone
                        + ".\",\"type\":\"A\",\"ttl\":300,\"changetype\":\"REPLACE\",\"records\":[{\"content\":\"192.0.2.1\",\"disabled\":false}]}]}");
    }

    /** The A records named w… that PowerDNS on the cluster holds in {@code zones}, as "zone name". */
    private Set<String> pdnsRecords(List<String> zones) throws Exception {
        Set<String> held = new HashSet<>();
        for (String zone : zones) {
            JsonObject answer = parse(expect(pdnsRequest("GET", "/zones/" + zone + ".", null), 200)
                    .body());
            for (JsonObject rrset : answer.getJsonArray("rrsets").getValuesAs(JsonObject.class)) {
                String name = rrset.getString("name");
                if (name.startsWith("w")
                        && rrset.getString("type").equals("A")
                        && !rrset.getJsonArray("records").isEmpty()) {
                    held.add(zone + " " + name.substring(0, name.length() - zone.length() - 2));
                }
            }
        }
        return held;
    }

    private List<JsonObject> records(HttpRequest show) throws Exception {
        return parse(expect(show, 200).body())
                .getJsonObject("data")
                .getJsonObject("zone")
                .getJsonArray("records")
                .getValuesAs(JsonObject.class);
    }

    /** Until neither instance reports changes waiting for PowerDNS (at most 300 s). */
    private void awaitPublished() throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(300);
        int backlog = -1;
        while (System.nanoTime() < deadline) {
            backlog = backlog();
            if (backlog == 0) {
                return;
            }
            Thread.sleep(250);
        }
        report.note(SCENARIO + ": the publication backlog was still " + backlog + " after 300 s.");
    }

    /** The outbox as the instances' /health tell it (the larger: each reads it through its own node); -1 when untold. */
    private int backlog() {
        int most = -1;
        for (Instance instance : instances) {
            try {
                JsonObject health = parse(http.send(
                                HttpRequest.newBuilder(URI.create(instance.baseUrl() + "/health"))
                                        .timeout(Duration.ofSeconds(30))
                                        .build(),
                                HttpResponse.BodyHandlers.ofString())
                        .body());
                for (JsonObject check : health.getJsonArray("checks").getValuesAs(JsonObject.class)) {
                    if (check.getString("name").equals("nameserver")) {
                        most = Math.max(
                                most,
                                Integer.parseInt(check.getJsonObject("data")
                                        .get("backlog")
                                        .toString()
                                        .replace("\"", "")));
                    }
                }
            } catch (IOException | RuntimeException e) {
                return -1;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return -1;
            }
        }
        return most;
    }

    /** The database node an instance's pool reaches, as its /health names it. */
    private String databaseNode(Instance instance) {
        try {
            JsonObject health = parse(http.send(
                            HttpRequest.newBuilder(URI.create(instance.baseUrl() + "/health"))
                                    .timeout(Duration.ofSeconds(30))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString())
                    .body());
            for (JsonObject check : health.getJsonArray("checks").getValuesAs(JsonObject.class)) {
                if (check.getString("name").equals("database") && check.containsKey("data")) {
                    JsonObject data = check.getJsonObject("data");
                    return data.getString("node", "?") + " (" + data.getString("galera", "?") + ")";
                }
            }
        } catch (IOException | RuntimeException e) {
            return "? (" + e + ")";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return "?";
    }

    private HttpRequest oursRequest(Instance instance, String method, String path, String json) {
        return Benchmark.request(method, instance.baseUrl() + path, "Authorization", "Bearer " + token, json);
    }

    private HttpRequest pdnsRequest(String method, String path, String json) {
        return Benchmark.request(
                method, pdns.apiUrl() + "/api/v1/servers/localhost" + path, "X-API-Key", PowerDnsServer.API_KEY, json);
    }

    private HttpResponse<String> expect(HttpRequest request, int status) throws IOException, InterruptedException {
        return Benchmark.expect(http, request, status);
    }

    private static HttpResponse.BodyHandler<Void> discarding() {
        return HttpResponse.BodyHandlers.discarding();
    }

    private static JsonObject parse(String json) {
        try (var reader = Json.createReader(new StringReader(json))) {
            return reader.readObject();
        }
    }

    private static double seconds(long since) {
        return (System.nanoTime() - since) / 1e9;
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
