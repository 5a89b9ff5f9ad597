package net.hostingapi.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * A Payara Server 6 domain of a test's own, made as deployment.md's recipe says: the server the
 * build unpacked into {@code target/payara6}, {@code create-domain} on a block of 100 free ports,
 * {@code start-domain} with the service's variables in its environment, the MariaDB driver added
 * as a library, the datasource and mail session from {@code server-config/post-boot-commands.asadmin}
 * (the file Payara Micro boots with), the listener options of {@code pre-boot-commands.asadmin}.
 * Every asadmin command's output is kept in the test's directory, named after the command.
 */
public final class PayaraServerDomain implements AutoCloseable {

    public static final Path PAYARA = Path.of("target", "payara6").toAbsolutePath();
    public static final Path WAR = Path.of("target", "ROOT.war").toAbsolutePath();
    private static final Path SERVER_CONFIG = Path.of("server-config").toAbsolutePath();

    /** The three options pre-boot-commands.asadmin sets on Payara Micro's listener, as {@code name=value}. */
    private static final List<String> LISTENER_OPTIONS =
            List.of("allow-payload-for-undefined-http-methods=true", "trace-enabled=true", "uri-encoding=ISO-8859-1");

    private final Path dir;
    private final String name;
    private final Map<String, String> environment;
    private final int portBase;
    private long pid;
    private boolean started;
    private final Thread shutdownHook;

    private PayaraServerDomain(Path dir, String name, Map<String, String> environment, int portBase) {
        this.dir = dir;
        this.name = name;
        this.environment = environment;
        this.portBase = portBase;
        this.shutdownHook = new Thread(this::close, "payara-server-domain-stop");
    }

    /**
     * Creates the domain {@code name} under {@code dir} and starts it with {@code environment} (the
     * service's variables) added to this JVM's; stopped by {@link #close()} or when the JVM exits.
     */
    public static PayaraServerDomain started(Path dir, String name, Map<String, String> environment)
            throws IOException, InterruptedException {
        return started(dir, name, freePortBlock(), environment);
    }

    /** As {@link #started(Path, String, Map)}, on the block of 100 ports from {@code portBase}. */
    public static PayaraServerDomain started(Path dir, String name, int portBase, Map<String, String> environment)
            throws IOException, InterruptedException {
        assertTrue(
                Files.isExecutable(PAYARA.resolve("bin/asadmin")),
                "the build unpacks Payara Server into " + PAYARA + " (pom: payara.server.version)");
        assertTrue(Files.isRegularFile(WAR), "mvn package builds " + WAR);
        // a domain of the same name left by an earlier run would make create-domain fail
        deleted(dir.resolve("domains").resolve(name));
        Files.createDirectories(dir);
        Map<String, String> env = new TreeMap<>(System.getenv());
        env.putIfAbsent("DB_USER", "");
        env.putIfAbsent("DB_PASSWORD", "");
        env.putAll(environment);
        env.put("AS_JAVA", System.getProperty("java.home"));
        PayaraServerDomain domain = new PayaraServerDomain(dir, name, env, portBase);
        domain.local(
                "create-domain",
                "--nopassword",
                "--portbase",
                Integer.toString(domain.portBase),
                "--domaindir",
                dir.resolve("domains").toString(),
                name);
        Runtime.getRuntime().addShutdownHook(domain.shutdownHook);
        domain.started = true;
        domain.local("start-domain", "--domaindir", dir.resolve("domains").toString(), name);
        domain.pid = domain.pidFromFile();
        return domain;
    }

    /**
     * The recipe's configuration of {@code config} (the domain's own {@code server-config}, or a
     * deployment group's): the driver, the datasource and mail session, the listener options, the
     * EJB pools' idle timeout, the OpenAPI document's endpoint.
     */
    public void configured(String config) throws IOException, InterruptedException {
        asadmin("add-library", mariaDbDriver().toString());
        asadmin(
                "multimode",
                "--file",
                SERVER_CONFIG.resolve("post-boot-commands.asadmin").toString());
        List<String> set = new ArrayList<>(List.of("set"));
        LISTENER_OPTIONS.forEach(option -> set.add(
                "configs.config." + config + ".network-config.protocols.protocol.http-listener-1.http." + option));
        // deployment.md: an EJB pool thread may go when idle, and with it the deployment it was started for
        set.add("configs.config." + config + ".ejb-container.property.allow-core-thread-timeout=true");
        asadmin(set.toArray(String[]::new));
        asadmin("set-openapi-configuration", "--target", config, "--endpoint=openapi-model");
    }

    /**
     * Every listener of {@code config} on 127.0.0.1 (a new domain listens on every address): HTTP,
     * admin, IIOP, JMX, the data grid's member; its message broker off. Takes effect at the next
     * start of the domain or instance.
     */
    public void loopbackOnly(String config) throws IOException, InterruptedException {
        String c = "configs.config." + config + ".";
        List<String> set = new ArrayList<>(List.of("set"));
        for (String listener : List.of("http-listener-1", "http-listener-2", "admin-listener")) {
            set.add(c + "network-config.network-listeners.network-listener." + listener + ".address=127.0.0.1");
        }
        for (String listener : List.of("orb-listener-1", "SSL", "SSL_MUTUALAUTH")) {
            set.add(c + "iiop-service.iiop-listener." + listener + ".address=127.0.0.1");
        }
        set.add(c + "admin-service.jmx-connector.system.address=127.0.0.1");
        set.add(c + "jms-service.type=DISABLED");
        asadmin(set.toArray(String[]::new));
        // Hazelcast binds to every address unless told not to, whatever its interfaces say
        asadmin("create-jvm-options", "--target", config, "-Dhazelcast.socket.bind.any=false");
    }

    /**
     * The domain's data grid (Hazelcast, which Payara Server runs in the DAS and every instance) on
     * 127.0.0.1, named {@code name} so that no other domain's members join it; its members find each
     * other through the DAS. Takes effect at the next start.
     */
    public void dataGrid(String name) throws IOException, InterruptedException {
        asadmin(
                "set-hazelcast-configuration",
                "--interfaces",
                "127.0.0.1",
                "--dasbindaddress",
                "127.0.0.1",
                "--daspublicaddress",
                "127.0.0.1",
                "--clustername",
                name,
                "--dynamic",
                "false");
    }

    /**
     * The whole recipe on the domain's own configuration, ready for {@code deploy}: {@link
     * #configured}, {@link #loopbackOnly}, and the restart after them (the listener options restart
     * the listener concurrently; once in seven runs that left http-listener-1 refusing every
     * connection).
     */
    public void readyToDeploy() throws IOException, InterruptedException {
        configured("server-config");
        loopbackOnly("server-config");
        restarted();
    }

    /** restart-domain: what loopbackOnly and the data grid's settings need. */
    public void restarted() throws IOException, InterruptedException {
        local("restart-domain", "--domaindir", dir.resolve("domains").toString(), name);
        pid = pidFromFile();
    }

    private long pidFromFile() throws IOException {
        return Long.parseLong(
                Files.readString(dir.resolve("domains/" + name + "/config/pid")).strip());
    }

    public int portBase() {
        return portBase;
    }

    public int adminPort() {
        return portBase + 48;
    }

    public long pid() {
        return pid;
    }

    /** An asadmin command sent to this domain's admin port; fails the test unless it succeeds. */
    public String asadmin(String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("--host", "127.0.0.1", "--port", Integer.toString(adminPort())));
        command.addAll(List.of(arguments));
        return run(command);
    }

    /** An asadmin command that acts on the domain's files, not through its admin port. */
    private String local(String... arguments) throws IOException, InterruptedException {
        return run(List.of(arguments));
    }

    private String run(List<String> arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(PAYARA.resolve("bin/asadmin").toString());
        command.add("--interactive=false");
        command.addAll(arguments);
        String subcommand = arguments.stream()
                .filter(a -> !a.startsWith("-") && !a.matches("[0-9.]+"))
                .findFirst()
                .orElse("asadmin");
        Path log = dir.resolve("asadmin-" + subcommand + ".log");
        ProcessBuilder builder =
                new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().clear();
        builder.environment().putAll(environment);
        Process process = builder.start();
        if (!process.waitFor(5, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new AssertionError(
                    "asadmin " + subcommand + " did not finish in 5 minutes: " + Files.readString(log));
        }
        String output = Files.readString(log);
        assertEquals(0, process.exitValue(), "asadmin " + String.join(" ", arguments) + ":\n" + output);
        return output;
    }

    /** stop-domain, then the domain's JVM killed if it is still there. */
    @Override
    public synchronized void close() {
        if (!started) {
            return;
        }
        started = false;
        if (pid == 0) {
            try {
                pid = pidFromFile(); // start-domain failed after starting the JVM
            } catch (IOException | RuntimeException none) {
                // no JVM was started
            }
        }
        try {
            local("stop-domain", "--domaindir", dir.resolve("domains").toString(), name);
        } catch (IOException | InterruptedException | AssertionError e) {
            System.out.println("[payara-server] stop-domain " + name + ": " + e);
        }
        if (pid > 0) {
            ProcessHandle.of(pid).ifPresent(process -> {
                process.destroyForcibly();
                process.onExit().join();
            });
        }
        pid = 0;
        if (Thread.currentThread() != shutdownHook) {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        }
    }

    private static void deleted(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (java.util.stream.Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }

    /** The driver jar of the pom's version from the local Maven repository, as the build resolved it. */
    private static Path mariaDbDriver() {
        String version = System.getProperty("mariadb.client.version");
        Path jar = Path.of(
                System.getProperty("maven.repo.local", System.getProperty("user.home") + "/.m2/repository"),
                "org/mariadb/jdbc/mariadb-java-client",
                version,
                "mariadb-java-client-" + version + ".jar");
        assertTrue(Files.isRegularFile(jar), "the MariaDB driver " + jar);
        return jar;
    }

    /** The first of 100 ports that are all free on every address (create-domain --portbase uses 100). */
    public static int freePortBlock() throws IOException {
        return freePortBlock(20_000 + ThreadLocalRandom.current().nextInt(300) * 100);
    }

    /** The first block of 100 free ports from {@code start} on. */
    public static int freePortBlock(int start) throws IOException {
        for (int base = start; base < start + 20_000; base += 100) {
            if (allFree(base)) {
                return base;
            }
        }
        throw new AssertionError("no 100 free ports from " + start);
    }

    private static boolean allFree(int base) {
        for (int port = base; port < base + 100; port++) {
            try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getByName("0.0.0.0"))) {
                socket.setReuseAddress(false);
            } catch (IOException e) {
                return false;
            }
        }
        return true;
    }
}
