package net.hostingapi.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.mail.internet.MimeMessage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import net.hostingapi.handles.HandleFixtures;
import net.hostingapi.support.Api;
import net.hostingapi.support.Database;
import net.hostingapi.support.GreenMailExtension;
import net.hostingapi.support.Mailbox;
import net.hostingapi.support.MariaDbExtension;
import net.hostingapi.support.PayaraServerDomain;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The WAR in a full Payara Server domain, made the way deployment.md (Payara Server) says,
 * step by step: a domain on free ports, the MariaDB driver added to it, started with the service's
 * variables in its environment, the post-boot command file that Payara Micro reads, the listener
 * options, the OpenAPI endpoint, the EJB pool's thread timeout, a restart, then the deploy. Over HTTP it serves the API (customer, zone with
 * records, handle with its mail, server action, rights seen by the EJBs) on a schema Flyway
 * migrated at deployment. Then it is redeployed five times and undeployed as an estate does: no
 * second timer or worker, no thread left behind, no class loader kept for each deployment, and
 * between deployments no wrong answer. The execution payara-server runs it against a database of
 * its own, made afresh.
 */
@ExtendWith(MariaDbExtension.class)
@ExtendWith(GreenMailExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PayaraServerIT {

    private static final Path DIR = Path.of("target", "payara-server").toAbsolutePath();
    private static final Path WAR = PayaraServerDomain.WAR;
    private static final String DOMAIN = "hosting";
    private static final String LISTENER =
            "configs.config.server-config.network-config.network-listeners.network-listener.http-listener-1.";
    private static final int REDEPLOYS = 5;
    /** The WAR's threads, by the names it gives them (QueuedLog, DnsListener) and the JDK's HTTP client's. */
    private static final Pattern APPLICATION_THREAD = Pattern.compile("^\"(log-writer |dns-|HttpClient-)");
    /** Payara Server's default managed executor and EJB pool let an idle thread go after this (keep-alive). */
    private static final long POOL_KEEP_ALIVE_SECONDS = 60;

    private int httpPort;
    private PayaraServerDomain domain;
    private Api api;
    private Path reloads;
    private Level first;
    private final Map<String, String> environment = new TreeMap<>();

    @BeforeAll
    void makeDomainAndDeploy() throws Exception {
        ServiceLauncher.deleteTree(DIR);
        Files.createDirectories(DIR);
        int portBase = PayaraServerDomain.freePortBlock();
        httpPort = portBase + 80;
        api = Api.at(URI.create("http://127.0.0.1:" + httpPort).toURL());
        environment();
        long started = System.nanoTime();
        // deployment.md's recipe: the domain, its process with the service's variables, the driver, the
        // command file Payara Micro boots with, the listener options, the OpenAPI endpoint, the EJB pools
        domain = PayaraServerDomain.started(DIR, DOMAIN, portBase, environment);
        domain.readyToDeploy();
        domain.asadmin("deploy", "--contextroot", "/", WAR.toString());
        System.out.printf(
                "[payara-server] Payara Server %s: domain on ports %d-%d (admin %d, HTTP %d) made, started, configured"
                        + " and the WAR deployed in %.1f s%n",
                System.getProperty("payara.server.version"),
                portBase,
                portBase + 99,
                domain.adminPort(),
                httpPort,
                seconds(started));
    }

    @AfterAll
    void stopDomainAtTheEnd() {
        if (domain != null) {
            domain.close();
        }
    }

    @Test
    @Order(1)
    void flywayMigratedTheSchemaAtDeployment() throws IOException {
        Set<String> versions;
        try (Stream<Path> files = Files.list(Path.of("src/main/resources/db/migration"))) {
            versions = files.map(f -> f.getFileName().toString())
                    .filter(n -> n.matches("V\\d+__.*\\.sql"))
                    .map(n -> n.substring(1, n.indexOf("__")))
                    .collect(Collectors.toCollection(TreeSet::new));
        }
        assertFalse(versions.isEmpty());
        for (String version : versions) {
            assertEquals(
                    1,
                    Database.count(
                            "SELECT COUNT(*) FROM flyway_schema_history WHERE version = ? AND success = 1", version),
                    "migration " + version + " applied");
        }
        assertEquals(
                0, Database.count("SELECT COUNT(*) FROM flyway_schema_history WHERE success <> 1"), "no failed one");
        System.out.printf(
                "[payara-server] flyway_schema_history: all %d migrations applied, success=1%n", versions.size());
    }

    @Test
    @Order(2)
    void servesTheApi() throws Exception {
        Api.Response health = api.get("/health");
        assertEquals(200, health.status(), health.body());
        assertEquals("UP", health.envelope().getString("status"));
        Api.Response metrics = api.get("/metrics");
        assertEquals(200, metrics.status(), metrics.body());
        assertTrue(metrics.body().contains("http_server_requests"), "the service's own metrics");
        Api.Response openapi = api.get("/openapi");
        assertEquals(200, openapi.status(), openapi.body());
        assertTrue(openapi.header("Content-Type").startsWith("application/yaml"), openapi.header("Content-Type"));
        assertTrue(openapi.body().startsWith("openapi: 3"), openapi.body());

        Api.Customer customer = api.newCustomer();
        String zone = newZone(customer.api());
        Api.Response shown = customer.api().get("/api/v1/dns/zones/show?zone=" + zone);
        assertEquals(200, shown.status(), shown.body());
        Set<String> records =
                shown.data().getJsonObject("zone").getJsonArray("records").getValuesAs(JsonObject.class).stream()
                        .map(r -> r.getString("name") + " " + r.getString("type") + " " + r.getString("data"))
                        .collect(Collectors.toSet());
        assertTrue(records.contains("www A 192.0.2.80"), records.toString());
        assertTrue(records.stream().anyMatch(r -> r.contains(" MX 10 mail." + zone)), records.toString());
        awaitPublished(zone, 1);

        handleWithItsMail(customer.api());
        serverAction(customer);
        rightsReachTheEjbs(customer);
        System.out.println("[payara-server] customer, zone with records (published), handle with its mail,"
                + " server action, rights: served; /health, /metrics, /openapi answer");
    }

    /**
     * Five redeploys and an undeploy without restarting the domain, each redeploy with the HTTP
     * listener disabled meanwhile (deployment.md). After each (and after the requests that start
     * the lazily started threads), a full GC, then the figures: the WAR's classes and class
     * loaders, its threads, the EJB timers the server holds. A client keeps asking all along; each
     * answer must be right or 503 in the envelope, or there is no connection (refused while the
     * listener is off, or closed under a request when it goes off). Anything else is wrong, the
     * server's own 404 for a context root with nothing deployed among it.
     */
    @Test
    @Order(3)
    void redeploysFiveTimesAndUndeploysWithoutLeaving() throws Exception {
        first = settled(-1);
        System.out.printf("[payara-server] deployment 1: %s%n", first);
        assertTrue(first.classes() > 0 && first.applicationLoaders() > 0, "the WAR's classes are seen: " + first);
        assertEquals(timersInTheSources(), first.timers(), "one EJB timer per @Schedule of the WAR (" + first + ")");
        assertEquals(0, first.driverClassesOfTheWar(), "the driver is the domain's (add-library), not the WAR's copy");

        Answers answers = new Answers();
        Thread client = new Thread(answers::poll, "payara-server-client");
        client.start();
        try {
            for (int i = 2; i <= REDEPLOYS + 1; i++) {
                long started = System.nanoTime();
                // out of traffic first, as a load balancer drains an instance (deployment.md): under
                // traffic Payara answers requests to servlets it is stopping with empty 500s and 503s
                domain.asadmin("set", LISTENER + "enabled=false");
                domain.asadmin("redeploy", "--name", "ROOT", WAR.toString());
                domain.asadmin("set", LISTENER + "enabled=true");
                double took = seconds(started);
                Level level = settled(first.threads());
                System.out.printf("[payara-server] deployment %d (redeploy took %.1f s): %s%n", i, took, level);
                assertEquals(first.timers(), level.timers(), "no second copy of a timer: " + level);
                assertEquals(first.threads(), level.threads(), "the WAR's threads as after the first deployment");
                assertEquals(0, level.driverClassesOfTheWar());
                // A thread of Payara's default managed executor or EJB pool holds the deployment whose
                // task made it start (JDK 17 keeps the starting code's protection domains in every new
                // thread) until it is idle for a minute: with the WAR's tasks every few seconds, one or
                // two earlier deployments stay (deployment.md); one more after each redeploy would be
                // a leak, and reach a third by the fourth deployment.
                if (level.classes() > 3 * first.classes()) {
                    heapDump("deployment-" + i);
                }
                assertTrue(
                        level.classes() <= 3 * first.classes(),
                        "the current deployment's classes and at most two earlier deployments': " + level + "; first "
                                + first);
            }
        } finally {
            answers.stop();
            client.join(TimeUnit.SECONDS.toMillis(60));
        }
        System.out.printf("[payara-server] answers while redeploying: %s%n", answers);
        assertTrue(answers.wrong.isEmpty(), "wrong answers between deployments: " + answers.wrong);
        assertTrue(answers.counts.getOrDefault("200", new AtomicInteger()).get() > 0, "served between redeploys");

        onceEachAfterTheRedeploys();

        long started = System.nanoTime();
        domain.asadmin("undeploy", "ROOT");
        Level undeployed = level();
        System.out.printf("[payara-server] right after the undeploy: %s%n", undeployed);
        assertEquals(0, undeployed.timers(), "no timer after the undeploy");
        // the pools' threads let go of the deployments they hold once idle for their keep-alive
        Level released = undeployed;
        while ((released.poolThreads() > 0 || released.threads() > 0)
                && System.nanoTime() - started < TimeUnit.SECONDS.toNanos(POOL_KEEP_ALIVE_SECONDS + 60)) {
            Thread.sleep(2_000);
            released = level();
        }
        System.out.printf("[payara-server] %.0f s after the undeploy: %s%n", seconds(started), released);
        assertEquals(0, released.threads(), "no thread of the WAR left: " + released);
        assertEquals(0, released.poolThreads(), "the pools' threads idle and gone: " + released);
        // What stays is held by single entries of the JDK's and Payara's caches (deployment.md: the
        // record equality handle, the transaction manager's resource table), at most two of the six
        // deployments; a WAR holding on to each deployment would leave all six.
        if (released.classes() > 2 * first.classes()) {
            heapDump("after-undeploy");
        }
        assertTrue(
                released.classes() <= 2 * first.classes(),
                "at most two deployments' classes left of six: " + released + "; first " + first);
    }

    // ---- the scenario

    private String newZone(Api owner) {
        String zone = "ps" + Long.toHexString(System.nanoTime()) + ".example";
        Api.Response created = owner.json(
                "POST",
                "/api/v1/dns/zones/create",
                Json.createObjectBuilder()
                        .add("name", zone)
                        .add(
                                "records",
                                Json.createArrayBuilder()
                                        .add(record("www", "A", "192.0.2.80"))
                                        .add(record("@", "MX", "10 mail." + zone + ".")))
                        .build());
        assertEquals(201, created.status(), created.body());
        return zone;
    }

    private static JsonObject record(String name, String type, String data) {
        return Json.createObjectBuilder()
                .add("name", name)
                .add("type", type)
                .add("data", data)
                .addNull("ttl")
                .build();
    }

    /** A handle whose verification mail GreenMail receives through the domain's mail session; its link verifies. */
    private String handleWithItsMail(Api owner) {
        String email = "h" + Long.toHexString(System.nanoTime()) + "@example.com";
        Api.Response created = owner.json(
                "POST",
                "/api/v1/domain/handles/create",
                HandleFixtures.person(email).build());
        assertEquals(201, created.status(), created.body());
        String handle = created.data().getJsonObject("handle").getString("handle");
        MimeMessage mail = Mailbox.await(email, 1).get(0);
        String link = Mailbox.link(mail, environment.get("PUBLIC_BASE_URL") + "/api/v1/domain/handles/verification/");
        Api.Response confirmed = api.get(link.substring(link.indexOf("/api/")));
        assertEquals(200, confirmed.status(), confirmed.body());
        assertEquals(
                "VERIFIED",
                confirmed.data().getJsonObject("verification").getString("state"),
                "the mailed link verifies " + handle);
        return email;
    }

    /** A machine registered by the operator, a rescue boot scheduled by its owner, and the script the machine fetches. */
    private void serverAction(Api.Customer owner) {
        int n = ThreadLocalRandom.current().nextInt(1 << 16);
        String mac = String.format("02:62:00:00:%02x:%02x", n >> 8, n & 255);
        String ip = "10.62." + (n >> 8) + "." + (n & 255);
        Api.Response registered = api.asOperator()
                .json(
                        "POST",
                        "/api/v1/datacenter/machines/create",
                        Json.createObjectBuilder()
                                .add("customer", owner.username())
                                .add("mac_address", mac)
                                .add("addresses", Json.createArrayBuilder().add(ip))
                                .build());
        assertEquals(201, registered.status(), registered.body());
        Api.Response scheduled = owner.api()
                .json(
                        "POST",
                        "/api/v1/datacenter/server-actions/create",
                        Json.createObjectBuilder()
                                .add("mac_address", mac)
                                .add("address", ip)
                                .add("action", "RESCUE")
                                .build());
        assertEquals(201, scheduled.status(), scheduled.body());
        // the machine asks through the trusted proxy (127.0.0.1), which names it in X-Forwarded-For
        Api.Response script = api.send(
                "GET",
                "/api/v1/datacenter/server-actions/file?address=" + ip,
                null,
                null,
                Map.of("X-Forwarded-For", ip));
        assertEquals(200, script.status(), script.body());
        assertTrue(script.body().startsWith("#!ipxe\n") && script.body().contains("chain"), script.body());
    }

    /**
     * The caller and its rights reach the EJBs: a token without DNS_ZONES_LIST is refused with the
     * envelope's 403 naming it, one with it is served, and the EJB answering the assigned rights
     * names the token's user and exactly its rights.
     */
    private void rightsReachTheEjbs(Api.Customer owner) {
        Api crudOnly = api.withToken(token(owner.api(), "DNS_ZONES_CRUD"));
        Api listOnly = api.withToken(token(owner.api(), "DNS_ZONES_LIST"));
        Api.Response refused = crudOnly.get("/api/v1/dns/zones");
        assertEquals(403, refused.status(), refused.body());
        assertEquals(List.of(4030), refused.errorCodes());
        assertTrue(refused.body().contains("DNS_ZONES_LIST"), refused.body());
        Api.Response listed = listOnly.get("/api/v1/dns/zones");
        assertEquals(200, listed.status(), listed.body());
        Api.Response assigned = listOnly.get("/api/v1/account/permissions/assigned");
        assertEquals(200, assigned.status(), assigned.body());
        assertEquals(owner.username(), assigned.data().getString("user"));
        assertEquals(
                Set.of("DNS_ZONES_LIST"),
                assigned.data().getJsonArray("permissions").getValuesAs(JsonObject.class).stream()
                        .map(p -> p.getString("key"))
                        .collect(Collectors.toSet()));
    }

    private static String token(Api owner, String right) {
        Api.Response created = owner.send(
                "POST",
                "/api/v1/account/users/tokens/create",
                "application/json",
                "{\"rights\":[\"" + right + "\"]}",
                Map.of());
        assertEquals(201, created.status(), created.body());
        return created.data().getJsonObject("token").getString("token");
    }

    /**
     * After the fifth redeploy one zone change is published once and one handle gets one mail: a
     * timer or worker left from an earlier deployment would publish or send it again. Checked once
     * the outbox and the mail queue are empty, and again after a round of each worker.
     */
    private void onceEachAfterTheRedeploys() throws Exception {
        Api.Customer customer = api.newCustomer();
        String zone = newZone(customer.api());
        String email = handleWithItsMail(customer.api());
        awaitPublished(zone, 1);
        // a round of the mail delivery (every 10 s) and several of the publication worker (every 2 s)
        Thread.sleep(12_000);
        assertEquals(1, publications(zone), "published once: " + zone);
        assertEquals(1, Mailbox.to(email).size(), "one verification mail to " + email);
        System.out.printf("[payara-server] after %d redeploys: one publication of a new zone, one mail%n", REDEPLOYS);
    }

    private void awaitPublished(String zone, int times) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (publications(zone) < times && System.nanoTime() < deadline) {
            Thread.sleep(200);
        }
        assertEquals(times, publications(zone), "publications of " + zone + " (the reload command's log)");
    }

    private long publications(String zone) {
        try {
            if (!Files.exists(reloads)) {
                return 0;
            }
            try (Stream<String> lines = Files.lines(reloads)) {
                return lines.filter(zone::equals).count();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // ---- answers while redeploying

    /** What a client got while the WAR was redeployed, by kind. */
    private final class Answers {
        final Map<String, AtomicInteger> counts = new ConcurrentHashMap<>();
        final List<String> wrong = java.util.Collections.synchronizedList(new ArrayList<>());
        private final AtomicBoolean running = new AtomicBoolean(true);

        void poll() {
            Api operator = api.asOperator().withTimeout(java.time.Duration.ofSeconds(120));
            while (running.get()) {
                String kind;
                try {
                    Api.Response answer = operator.get("/api/v1/account/permissions");
                    kind = classify(answer);
                } catch (UncheckedIOException e) {
                    kind = e.getCause() instanceof ConnectException ? "connection refused" : "connection closed";
                }
                counts.computeIfAbsent(kind, k -> new AtomicInteger()).incrementAndGet();
                if (!kind.equals("200")) {
                    try {
                        Thread.sleep(20); // no busy loop on the two cores while nothing answers
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }
        }

        private String classify(Api.Response answer) {
            String type = String.valueOf(answer.header("Content-Type"));
            if (answer.status() == 200
                    && "success".equals(answer.envelope().getString("status"))
                    && !answer.data().getJsonArray("permissions").isEmpty()) {
                return "200";
            }
            if (answer.status() == 503
                    && type.startsWith("application/json")
                    && "error".equals(answer.envelope().getString("status"))) {
                return "503 envelope";
            }
            wrong.add(answer.toString()
                    .substring(0, Math.min(300, answer.toString().length())));
            return "wrong";
        }

        void stop() {
            running.set(false);
        }

        @Override
        public String toString() {
            return new TreeMap<>(counts).toString();
        }
    }

    // ---- what the domain's JVM holds

    /**
     * The WAR's figures in the domain's JVM after a full GC: classes of net.hostingapi loaded (the
     * WAR's, Weld's proxies of them), WebappClassLoaders holding any class, threads named by the
     * WAR, EJB timers (RuntimeTimerState objects: the server's non-persistent timers, which
     * asadmin list-timers does not count), classes of the MariaDB driver loaded from the WAR's copy,
     * and threads of the server's default managed executor and EJB pool.
     */
    record Level(
            long classes,
            long applicationLoaders,
            long threads,
            long timers,
            long driverClassesOfTheWar,
            long poolThreads) {
        @Override
        public String toString() {
            return String.format(
                    "%d classes of net.hostingapi in %d class loaders, %d threads of the WAR, %d EJB timers,"
                            + " %d driver classes from the WAR, %d threads of the server's pools",
                    classes, applicationLoaders, threads, timers, driverClassesOfTheWar, poolThreads);
        }
    }

    /**
     * The figures once the WAR has answered the requests that start its lazily made threads (the
     * request log's writer) and built its OpenAPI document (whose fetch once kept a JDK HTTP
     * client's thread, and every deployment with it): up to 30 s for the WAR's threads to number
     * {@code threads} (any, when negative).
     */
    private Level settled(long threads) throws IOException, InterruptedException {
        assertEquals(200, api.asOperator().get("/api/v1/account/permissions").status());
        assertEquals(200, api.get("/openapi").status());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        Level level = level();
        while (threads >= 0 && level.threads() != threads && System.nanoTime() < deadline) {
            Thread.sleep(1_000);
            level = level();
        }
        return level;
    }

    private Level level() throws IOException, InterruptedException {
        jcmd("GC.run");
        jcmd("GC.run");
        Set<String> webappLoaders = new TreeSet<>();
        for (String line : jcmd("VM.classloader_stats").split("\n")) {
            String[] columns = line.trim().split("\\s+");
            if (line.endsWith("org.glassfish.web.loader.WebappClassLoader") && columns.length > 3) {
                webappLoaders.add(columns[2]);
            }
        }
        long classes = 0;
        long driver = 0;
        Set<String> applicationLoaders = new TreeSet<>();
        // a line per class: |--name/0xLOADER, a hidden class's name has a /0x... of its own before it
        Matcher loaded = Pattern.compile("--(\\S+)/(0x[0-9a-f]+)").matcher(jcmd("VM.class_hierarchy"));
        while (loaded.find()) {
            String name = loaded.group(1);
            if (name.startsWith("net.hostingapi.")) {
                classes++;
                applicationLoaders.add(loaded.group(2));
            } else if (name.startsWith("org.mariadb.jdbc.") && webappLoaders.contains(loaded.group(2))) {
                driver++;
            }
        }
        long threads = 0;
        long executor = 0;
        for (String line : jcmd("Thread.print").split("\n")) {
            if (APPLICATION_THREAD.matcher(line).find()) {
                threads++;
            } else if (line.startsWith("\"concurrent/__defaultManagedExecutorService")
                    || line.startsWith("\"__ejb-thread-pool")) {
                executor++;
            }
        }
        long timers = 0;
        for (String line : jcmd("GC.class_histogram").split("\n")) {
            String[] columns = line.trim().split("\\s+");
            if (columns.length >= 4 && columns[3].equals("com.sun.ejb.containers.RuntimeTimerState")) {
                timers = Long.parseLong(columns[1]);
            }
        }
        return new Level(classes, applicationLoaders.size(), threads, timers, driver, executor);
    }

    private static long timersInTheSources() throws IOException {
        try (Stream<Path> files = Files.walk(Path.of("src/main/java"))) {
            return files.filter(f -> f.toString().endsWith(".java"))
                    .mapToLong(f -> {
                        try {
                            return Pattern.compile("^\\s*@Schedule\\(", Pattern.MULTILINE)
                                    .matcher(Files.readString(f))
                                    .results()
                                    .count();
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    })
                    .sum();
        }
    }

    /** For finding what holds a deployment: a heap analyser's paths from the GC roots to its class loader. */
    private void heapDump(String name) throws IOException, InterruptedException {
        Path dump = DIR.resolve(name + ".hprof");
        jcmd("GC.heap_dump " + dump);
        System.out.printf("[payara-server] heap dump: %s%n", dump);
    }

    private String jcmd(String command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                        Long.toString(domain.pid()),
                        command)
                .redirectErrorStream(true)
                .start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(
                process.waitFor(120, TimeUnit.SECONDS) && process.exitValue() == 0, "jcmd " + command + ": " + output);
        return output;
    }

    // ---- the domain

    /**
     * The domain's process environment: the suite's (failsafe's variables, this execution's own
     * database among them) with what is this domain's alone: its data, its public address, a DNS
     * UPDATE port of its own, and a reload command that logs each zone published.
     */
    private void environment() throws IOException {
        environment.put("DATA_DIR", DIR.resolve("data").toString());
        environment.put("MAIL_OUTBOX_DIR", DIR.resolve("data/outbox").toString());
        environment.put("PUBLIC_BASE_URL", "http://127.0.0.1:" + httpPort);
        environment.put("DNS_UPDATE_ADDRESS", "127.0.0.1");
        environment.put("DNS_UPDATE_PORT", Integer.toString(EmbeddedMariaDb.freePort()));
        reloads = DIR.resolve("reloads.log");
        Path reload = DIR.resolve("reload.sh");
        Files.writeString(reload, "#!/bin/sh\necho \"$1\" >> '" + reloads + "'\n");
        Files.setPosixFilePermissions(reload, PosixFilePermissions.fromString("rwxr-xr-x"));
        environment.put("ZONE_RELOAD_COMMAND", reload + " {zone}");
    }

    private static double seconds(long since) {
        return (System.nanoTime() - since) / 1e9;
    }
}
