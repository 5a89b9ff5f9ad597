package net.hostingapi.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarFile;
import net.hostingapi.support.Api;
import net.hostingapi.support.MariaDbExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The production artifact: {@code java -jar target/hosting-api.jar}, configured by nothing but the
 * environment of {@code server-config/deploy/hosting-api.env} (the database pointed at one of its
 * own, which Flyway migrates at the start), serves the API and stops on SIGTERM.
 */
@ExtendWith(MariaDbExtension.class)
class RunnableJarIT {

    private static final Path JAR = Path.of("target", "hosting-api.jar");

    @Test
    void theArtifactStartsFromTheEnvironmentAloneAndServesTheApi() throws Exception {
        assertTrue(Files.isRegularFile(JAR), "mvn package builds " + JAR);
        try (JarFile jar = new JarFile(JAR.toFile())) {
            assertTrue(jar.getEntry("MICRO-INF/deploy/ROOT.war") != null, "the WAR is inside");
            assertFalse(
                    jar.stream().anyMatch(e -> e.getName().contains("net/hostingapi/launcher")),
                    "nothing of the run command");
        }
        Path dataDir = Path.of("target", "runnable-jar").toAbsolutePath();
        ServiceLauncher.deleteTree(dataDir);
        Files.createDirectories(dataDir);
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }

        // The suite's MariaDB, in a database of its own (the URL's parameters, a user among them, kept).
        String suiteUrl = System.getenv("DB_URL");
        String url = EmbeddedMariaDb.withoutQuery(suiteUrl).replaceFirst("/[^/]*$", "/hostingapi_runnable_jar")
                + suiteUrl.substring(EmbeddedMariaDb.withoutQuery(suiteUrl).length());
        String user = System.getenv().getOrDefault("DB_USER", "");
        String password = System.getenv().getOrDefault("DB_PASSWORD", "");
        EmbeddedMariaDb.createDatabaseIfMissing(url, user, password);
        String[] credentials = EmbeddedMariaDb.forPayara(url, user, password);

        Map<String, String> env = environmentFile(Path.of("server-config", "deploy", "hosting-api.env"));
        env.put("DB_URL", credentials[0]);
        env.put("DB_USER", credentials[1]);
        env.put("DB_PASSWORD", credentials[2]);
        env.put("DB_POOL_SIZE", "8");
        env.put("DATA_DIR", dataDir.toString());
        env.put("HTTP_PORT", Integer.toString(port));
        env.put("DNS_UPDATE_PORT", Integer.toString(EmbeddedMariaDb.freePort())); // not the shared test server's
        env.put("PUBLIC_BASE_URL", "http://127.0.0.1:" + port);
        env.put("BOOTSTRAP_TOKEN", Api.OPERATOR_TOKEN);

        ProcessBuilder builder = new ProcessBuilder(List.of(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-Xmx384m",
                        "-jar",
                        JAR.toAbsolutePath().toString(),
                        "--port",
                        Integer.toString(port),
                        "--rootdir",
                        dataDir.resolve("payara").toString()))
                .redirectErrorStream(true)
                .redirectOutput(dataDir.resolveSibling("runnable-jar.log").toFile());
        builder.environment().clear();
        builder.environment().put("PATH", System.getenv("PATH"));
        builder.environment().putAll(env);
        Process service = builder.start();
        try {
            assertEquals(
                    200,
                    ServiceProcess.awaitAnswer(port, service, Api.OPERATOR_TOKEN),
                    "answers with the operator's token");
            Api.Customer customer =
                    Api.at(URI.create("http://127.0.0.1:" + port).toURL()).newCustomer();
            String zone = customer.username() + ".example";
            Api.Response created = customer.api()
                    .json(
                            "POST",
                            "/api/v1/dns/zones/create",
                            Json.createObjectBuilder()
                                    .add("name", zone)
                                    .add(
                                            "records",
                                            Json.createArrayBuilder()
                                                    .add(Json.createObjectBuilder()
                                                            .add("name", "www")
                                                            .add("type", "A")
                                                            .add("data", "192.0.2.7")))
                                    .build());
            assertEquals(201, created.status(), created.body());
            Api.Response shown = customer.api().get("/api/v1/dns/zones/show?zone=" + zone);
            assertEquals(200, shown.status(), shown.body());
            assertEquals(
                    "192.0.2.7",
                    shown.data()
                            .getJsonObject("zone")
                            .getJsonArray("records")
                            .getJsonObject(0)
                            .getString("data"));
        } finally {
            ServiceProcess.stop(service);
        }
        assertFalse(service.isAlive(), "SIGTERM stops it");
        // the pre-boot commands inside the artifact turn it off
        RunCommandIT.assertPhoneHomeOff(dataDir.resolve("payara"));
    }

    /** KEY=VALUE lines, a value in double quotes without them; comments and blank lines skipped (as systemd reads them). */
    static Map<String, String> environmentFile(Path file) throws IOException {
        Map<String, String> env = new LinkedHashMap<>();
        for (String line : Files.readAllLines(file)) {
            String trimmed = line.strip();
            if (trimmed.isEmpty() || trimmed.startsWith("#")) {
                continue;
            }
            int equals = trimmed.indexOf('=');
            String value = trimmed.substring(equals + 1);
            env.put(
                    trimmed.substring(0, equals),
                    value.length() > 1 && value.startsWith("\"") && value.endsWith("\"")
                            ? value.substring(1, value.length() - 1)
                            : value);
        }
        return env;
    }
}
