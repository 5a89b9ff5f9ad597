package net.hostingapi.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.Socket;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import net.hostingapi.support.Api;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What an operator sees of the run command with nothing configured (embedded MariaDB, zone
 * files): a few lines up to "Ready", no escape codes in a file, nothing listening but HTTP and the
 * loopback database, and the whole server log in $DATA_DIR/logs/server.log.
 */
class RunCommandIT {

    private static final Path DATA_DIR = Path.of("target", "run-command").toAbsolutePath();

    /** The restart's HTTP workers: fewer than the requests the test holds open at once. */
    private static final int HTTP_THREADS = 3;
    /** The restart's listener queue: more than the requests the worker test leaves waiting. */
    private static final int HTTP_QUEUE_SIZE = 10;
    /** The HTTP workers of server-config/pre-boot-commands.asadmin, which every deployment's Payara reads. */
    private static final int DEFAULT_WORKERS = 16;

    private static Process launcher;
    private static int port;
    private static final int DNS_UPDATE_PORT = EmbeddedMariaDb.freePort();
    private static List<String> firstStart;
    /** Payara's HTTP workers of the first start (no HTTP_THREADS) while more requests than the default wait for their bodies. */
    private static long workersWithoutHttpThreads;

    private static List<String> restart;

    /**
     * Two starts on one DATA_DIR: the first makes the database and its password, the second uses
     * them, as every later start does. The line count is checked on the second: on an empty
     * database the service's timers may query tables that Flyway is still creating, and their
     * stack traces are warnings, which show (reported; not this launcher's to hide).
     */
    @BeforeAll
    static void start() throws Exception {
        ServiceLauncher.deleteTree(DATA_DIR);
        Files.createDirectories(DATA_DIR);
        port = EmbeddedMariaDb.freePort();
        firstStart = launch("first", Map.of());
        workersWithoutHttpThreads = workersHolding(DEFAULT_WORKERS + 4);
        stop();
        restart = launch(
                "restart",
                Map.of(
                        "HTTP_THREADS",
                        Integer.toString(HTTP_THREADS),
                        "HTTP_QUEUE_SIZE",
                        Integer.toString(HTTP_QUEUE_SIZE)));
    }

    private static List<String> launch(String name, Map<String, String> variables) throws Exception {
        launcher = runCommand(name, variables).start();
        return awaitReadyLine(output(name));
    }

    /** The run command on DATA_DIR and the port, its output in run-command-{name}.out, {@code variables} added. */
    private static ProcessBuilder runCommand(String name, Map<String, String> variables) {
        ProcessBuilder builder =
                ServiceProcess.runCommand(output(name), "BOOTSTRAP_TOKEN", "HTTP_THREADS", "HTTP_QUEUE_SIZE");
        Map<String, String> env = builder.environment();
        env.put("HTTP_PORT", Integer.toString(port));
        env.put("DNS_UPDATE_PORT", Integer.toString(DNS_UPDATE_PORT)); // not the shared test server's 8053
        env.put("DATA_DIR", DATA_DIR.toString());
        env.putAll(variables);
        return builder;
    }

    private static Path output(String name) {
        return DATA_DIR.resolveSibling("run-command-" + name + ".out");
    }

    @AfterAll
    static void stop() throws InterruptedException {
        if (launcher != null && launcher.isAlive()) {
            launcher.destroy(); // its shutdown hook stops Payara and MariaDB
            if (!launcher.waitFor(60, TimeUnit.SECONDS)) {
                launcher.descendants().forEach(ProcessHandle::destroyForcibly);
                launcher.destroyForcibly();
            }
        }
    }

    @Test
    void noEscapeCodesSlf4jWarningCertificatesOrPasswordsEvenOnTheFirstStart() throws IOException {
        String password = Files.readString(EmbeddedMariaDb.passwordFile(DATA_DIR.resolve("db")))
                .strip();
        for (List<String> output : List.of(firstStart, restart)) {
            String printed = String.join("\n", output);
            assertFalse(printed.contains("\u001b["), "no ANSI escape codes in a file:\n" + printed);
            assertFalse(printed.contains("SLF4J"), "no SLF4J binding warning:\n" + printed);
            assertFalse(
                    printed.contains("Certificate") || printed.contains("has expired"),
                    "no certificate dump:\n" + printed);
            assertFalse(printed.contains(password), "the database password is never printed");
        }
    }

    @Test
    void eachStartPrintsAHandfulOfLinesUpToReady() {
        String first = String.join("\n", firstStart);
        // the first start migrates an empty database while the timers start: they wait for it
        assertTrue(
                firstStart.size() < 40,
                "lines up to the ready line of the first start: " + firstStart.size() + "\n" + first);
        String printed = String.join("\n", restart);
        assertTrue(restart.size() < 40, "lines up to the ready line: " + restart.size() + "\n" + printed);
        for (String shown : List.of(
                "Hosting API ",
                "Database: embedded MariaDB on 127.0.0.1:",
                "Nameserver: zone files in " + DATA_DIR.resolve("zones"),
                "DNS UPDATE (RFC 2136, TSIG-signed): 127.0.0.1 port " + DNS_UPDATE_PORT + ", UDP and TCP",
                "Full server log: " + DATA_DIR.resolve("logs/server.log"),
                "The operator's first token: " + DATA_DIR.resolve("bootstrap-token"),
                "http://localhost:" + port + "/api/v1")) {
            assertTrue(printed.contains(shown), "shows \"" + shown + "\":\n" + printed);
        }
    }

    /** The run command's DNS listener answers: an unsigned A query is REFUSED (no resolver, no public nameserver). */
    @Test
    void theDnsListenerAnswersOnLoopback() throws Exception {
        org.xbill.DNS.Message query = org.xbill.DNS.Message.newQuery(org.xbill.DNS.Record.newRecord(
                org.xbill.DNS.Name.fromString("www.example."), org.xbill.DNS.Type.A, org.xbill.DNS.DClass.IN));
        byte[] wire = query.toWire();
        try (java.net.DatagramSocket socket = new java.net.DatagramSocket()) {
            socket.setSoTimeout(5_000);
            socket.send(new java.net.DatagramPacket(
                    wire, wire.length, java.net.InetAddress.getLoopbackAddress(), DNS_UPDATE_PORT));
            java.net.DatagramPacket answer = new java.net.DatagramPacket(new byte[512], 512);
            socket.receive(answer);
            org.xbill.DNS.Message parsed =
                    new org.xbill.DNS.Message(java.util.Arrays.copyOf(answer.getData(), answer.getLength()));
            assertEquals(query.getHeader().getID(), parsed.getHeader().getID());
            assertEquals(org.xbill.DNS.Rcode.REFUSED, parsed.getRcode());
        }
    }

    @Test
    void theFullLogIsKeptInDataDir() throws IOException {
        Path log = DATA_DIR.resolve("logs").resolve("server.log");
        String full = Files.readString(log, StandardCharsets.UTF_8);
        assertTrue(full.contains("Payara Micro") && full.contains("ready in"), "the full log has Payara's start");
        assertTrue(full.contains("Migrating schema"), "and the service's own INFO lines (Flyway)");
        assertFalse(full.contains("\u001b["), "no escape codes in the log file");
        assertFalse(full.contains("doesn't exist"), "no timer queried a table before the schema was migrated");
    }

    /**
     * Each start says where the schema stands: the first with every migration applied, the
     * restart with none and the same version (it said "version null" when nothing was to migrate).
     */
    @Test
    void eachStartLogsTheSchemaVersionItFound() throws IOException {
        List<Integer> versions;
        try (Stream<Path> files = Files.list(Path.of("src", "main", "resources", "db", "migration"))) {
            versions = files.map(f -> f.getFileName().toString())
                    .filter(n -> n.matches("V\\d+__.+\\.sql"))
                    .map(n -> Integer.valueOf(n.substring(1, n.indexOf("__"))))
                    .toList();
        }
        int latest = versions.stream().mapToInt(Integer::intValue).max().orElseThrow();
        List<String> said =
                Files.readAllLines(DATA_DIR.resolve("logs").resolve("server.log"), StandardCharsets.UTF_8).stream()
                        .filter(line -> line.contains("Database schema at version"))
                        .map(line -> line.substring(line.indexOf("Database schema at version")))
                        .toList();
        assertEquals(
                List.of(
                        "Database schema at version " + latest + " (" + versions.size() + " migrations applied now)",
                        "Database schema at version " + latest + " (0 migrations applied now)"),
                said.stream().map(line -> line.replaceFirst("\\)\\]*$", ")")).toList(),
                "the first start and the restart");
    }

    @Test
    void payaraListensOnTheHttpAndDnsUpdatePortsOnly() {
        ProcessHandle payara = ListeningSockets.descendant(launcher.toHandle(), "payara-micro.jar");
        List<Integer> ports = ListeningSockets.of(payara.pid()).stream()
                .map(ListeningSockets.Listener::port)
                .distinct()
                .sorted()
                .toList();
        assertEquals(
                java.util.stream.Stream.of(port, DNS_UPDATE_PORT).sorted().toList(),
                ports,
                "Payara's listening TCP ports (Hazelcast would add 6900 and up)");
    }

    /**
     * Payara's phone home (a daily GET to payara.fish with the instance's id, versions and uptime)
     * is off in every deployment: the pre-boot commands, which all of them read, turn it off.
     */
    @Test
    void payaraDoesNotPhoneHome() throws IOException {
        assertPhoneHomeOff(DATA_DIR.resolve("payara"));
    }

    /** Phone home off in the domain.xml of the Payara Micro whose runtime directory is {@code payaraRoot}. */
    static void assertPhoneHomeOff(Path payaraRoot) throws IOException {
        String domain = Files.readString(payaraRoot.resolve("config").resolve("domain.xml"));
        Matcher phoneHome =
                Pattern.compile("<phone-home-runtime-configuration[^>]*>").matcher(domain);
        assertTrue(phoneHome.find(), "domain.xml has the phone home configuration");
        assertTrue(phoneHome.group().contains("enabled=\"false\""), phoneHome.group());
    }

    @Test
    void theEmbeddedDatabaseListensOnLoopbackOnly() {
        ProcessHandle mariadbd = ListeningSockets.descendant(launcher.toHandle(), "mariadbd");
        List<ListeningSockets.Listener> listening = ListeningSockets.of(mariadbd.pid());
        assertFalse(listening.isEmpty());
        for (ListeningSockets.Listener listener : listening) {
            assertEquals("127.0.0.1", listener.address(), "mariadbd listens on " + listening);
        }
    }

    /**
     * Twelve requests whose bodies have not arrived yet each hold a worker while it waits for them:
     * Payara would add workers for them (up to 200 by its own default); with HTTP_THREADS=3 it keeps
     * three, and the others wait their turn.
     */
    @Test
    void theHttpWorkersAreAsManyAsHttpThreadsSays() throws Exception {
        assertEquals(HTTP_THREADS, workersHolding(4 * HTTP_THREADS), "HTTP worker threads of Payara");
    }

    /** Without HTTP_THREADS the workers are the boot commands' fixed number, not Payara's pool growing to 200. */
    @Test
    void withoutHttpThreadsTheWorkersAreTheBootCommandsSixteen() {
        assertEquals(
                DEFAULT_WORKERS,
                workersWithoutHttpThreads,
                "HTTP worker threads of Payara with " + (DEFAULT_WORKERS + 4) + " requests waiting for their bodies");
    }

    /** The running service's HTTP workers while {@code requests} requests wait for their bodies. */
    private static long workersHolding(int requests) throws Exception {
        List<Socket> held = new ArrayList<>();
        try {
            for (int i = 0; i < requests; i++) {
                held.add(withoutItsBody());
            }
            Thread.sleep(2000);
            ProcessHandle payara = ListeningSockets.descendant(launcher.toHandle(), "payara-micro.jar");
            return httpWorkers(payara.pid());
        } finally {
            for (Socket socket : held) {
                socket.close();
            }
        }
    }

    /** A request whose body never comes: it holds a worker until its connection closes. */
    private static Socket withoutItsBody() throws IOException {
        return send("POST /api/v1/dns/zones/create HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer "
                + bootstrapToken() + "\r\nContent-Type: application/json\r\nContent-Length: 20\r\n\r\n");
    }

    private static Socket send(String request) throws IOException {
        Socket socket = new Socket("127.0.0.1", port);
        socket.setSoTimeout(20_000);
        socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
        socket.getOutputStream().flush();
        return socket;
    }

    private static String bootstrapToken() throws IOException {
        return Files.readString(DATA_DIR.resolve("bootstrap-token")).strip();
    }

    /**
     * With every worker busy and HTTP_QUEUE_SIZE requests waiting, the listener closes each further
     * connection unanswered. The log gets one line that says so, not a SEVERE stack trace per
     * connection; the metric counts each; the waiting requests are answered once workers are free.
     */
    @Test
    void aFullQueueClosesFurtherConnectionsWithOneLineAndACount() throws Exception {
        int refusedCount = 3;
        double before = metric("http_queue_full_drops_total");
        long linesBefore = serverLogLines("HTTP listener overloaded");
        List<Socket> sockets = new ArrayList<>();
        try {
            for (int i = 0; i < HTTP_THREADS; i++) {
                sockets.add(withoutItsBody());
            }
            Thread.sleep(2000); // each taken by a worker, which waits for its body
            String permissions = "GET /api/v1/account/permissions HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer "
                    + bootstrapToken() + "\r\nConnection: close\r\n\r\n";
            List<Socket> waiting = new ArrayList<>();
            for (int i = 0; i < HTTP_QUEUE_SIZE; i++) {
                waiting.add(send(permissions));
            }
            sockets.addAll(waiting);
            Thread.sleep(2000); // all in the queue
            List<Socket> refused = new ArrayList<>();
            for (int i = 0; i < refusedCount; i++) {
                refused.add(send(permissions));
            }
            sockets.addAll(refused);
            for (Socket socket : refused) {
                assertEquals("", firstLine(socket), "a connection beyond the queue is closed unanswered");
            }
            for (int i = 0; i < HTTP_THREADS; i++) {
                sockets.get(i).close(); // the workers are free again
            }
            for (Socket socket : waiting) {
                assertEquals("HTTP/1.1 200 OK", firstLine(socket), "a request that waited in the queue is answered");
            }
        } finally {
            for (Socket socket : sockets) {
                socket.close();
            }
        }
        assertEquals(before + refusedCount, metric("http_queue_full_drops_total"));
        assertEquals(1, serverLogLines("HTTP listener overloaded") - linesBefore, "one line for the minute");
        assertEquals(0, serverLogLines("doSelect exception"), "no SEVERE record per connection");
        assertEquals(0, serverLogLines("RejectedExecutionException"), "no stack trace");
    }

    /** The answer's status line; empty when the service closed (or reset) the connection without one. */
    private static String firstLine(Socket socket) throws IOException {
        StringBuilder line = new StringBuilder();
        try {
            int read;
            while ((read = socket.getInputStream().read()) != -1 && read != '\r') {
                line.append((char) read);
            }
        } catch (java.net.SocketException reset) {
            // closed with the request unread: a reset
        }
        return line.toString();
    }

    private static long serverLogLines(String text) throws IOException {
        try (Stream<String> lines = Files.lines(DATA_DIR.resolve("logs").resolve("server.log"))) {
            return lines.filter(line -> line.contains(text)).count();
        }
    }

    /** A counter of the running service's /metrics (0 when it has not been counted yet). */
    private static double metric(String name) throws IOException {
        return Api.at(new URL("http://127.0.0.1:" + port)).metric(name);
    }

    /** Payara's HTTP worker threads ("http-thread-pool::http-listener(n)", cut to 15 characters by Linux). */
    private static long httpWorkers(long pid) throws IOException {
        try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
            return tasks.filter(task -> {
                        try {
                            return Files.readString(task.resolve("comm")).startsWith("http-thread-poo");
                        } catch (IOException gone) {
                            return false; // the thread ended meanwhile
                        }
                    })
                    .count();
        }
    }

    @Test
    void aWorkerCountThatIsNoNumberStopsTheStartWithStatus4() throws Exception {
        Process bad = runCommand(
                        "bad-threads",
                        Map.of(
                                "HTTP_THREADS",
                                "many",
                                "DATA_DIR",
                                DATA_DIR.resolveSibling("run-command-bad-threads")
                                        .toString()))
                .start();
        assertTrue(bad.waitFor(60, TimeUnit.SECONDS), "the run command ends at once");
        assertEquals(4, bad.exitValue());
        String printed = Files.readString(output("bad-threads"));
        assertTrue(printed.contains("HTTP_THREADS is many"), "and says why: " + printed);
    }

    @Test
    void aQueueSizeThatIsNoNumberStopsTheStartWithStatus4() throws Exception {
        Process bad = runCommand(
                        "bad-queue",
                        Map.of(
                                "HTTP_QUEUE_SIZE",
                                "0",
                                "DATA_DIR",
                                DATA_DIR.resolveSibling("run-command-bad-queue").toString()))
                .start();
        assertTrue(bad.waitFor(60, TimeUnit.SECONDS), "the run command ends at once");
        assertEquals(4, bad.exitValue());
        String printed = Files.readString(output("bad-queue"));
        assertTrue(printed.contains("HTTP_QUEUE_SIZE is 0"), "and says why: " + printed);
    }

    /** The output up to and including the launcher's "Ready" line; fails if the launcher ends first or after five minutes. */
    private static List<String> awaitReadyLine(Path output) throws Exception {
        long deadline = System.nanoTime() + Duration.ofMinutes(5).toNanos();
        while (System.nanoTime() < deadline) {
            // complete lines only: the launcher may be halfway through writing the ready line
            String text = Files.readString(output, StandardCharsets.UTF_8);
            List<String> lines =
                    List.of(text.substring(0, text.lastIndexOf('\n') + 1).split("\n", -1));
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).startsWith("Ready in ")) {
                    return lines.subList(0, i + 1);
                }
            }
            if (!launcher.isAlive()) {
                throw new AssertionError("the run command ended (" + launcher.exitValue() + ") before it was ready:\n"
                        + String.join("\n", lines));
            }
            Thread.sleep(500);
        }
        throw new AssertionError("no ready line within five minutes:\n" + Files.readString(output));
    }
}
