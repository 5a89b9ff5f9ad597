package net.hostingapi.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import net.hostingapi.support.Api;
import net.hostingapi.support.MariaDbExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The run command after a crash: Payara killed outright (kill -9) left its runtime directory
 * saying the application was deployed, and the next start answered every request with an error.
 */
@ExtendWith(MariaDbExtension.class)
class ServiceRestartIT {

    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    @Test
    void theServiceAnswersAgainAfterItsServerWasKilled() throws Exception {
        Path dataDir = Path.of("target", "restart-service").toAbsolutePath();
        ServiceLauncher.deleteTree(dataDir);
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        Process first = launch(dataDir, port);
        try {
            assertEquals(200, awaitAnswer(port, first), "the first start answers");
            Thread.sleep(5000); // a service that has run a while, as in operation, with its timers started
            ProcessHandle payara = first.toHandle().children().findFirst().orElseThrow();
            assertTrue(payara.destroyForcibly(), "kill -9 of Payara");
            payara.onExit().get();
            first.waitFor();
        } finally {
            stop(first);
        }
        assertTrue(Files.isDirectory(dataDir.resolve("payara")), "the crash left Payara's runtime directory behind");

        Process second = launch(dataDir, port);
        try {
            assertEquals(200, awaitAnswer(port, second), "the start after the crash answers");
        } finally {
            stop(second);
        }
    }

    private static Process launch(Path dataDir, int port) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(ServiceLauncher.command())
                .redirectErrorStream(true)
                .redirectOutput(dataDir.resolveSibling("restart-service.log").toFile());
        Files.createDirectories(dataDir);
        Map<String, String> env = builder.environment();
        env.put("HTTP_PORT", Integer.toString(port));
        env.put("DATA_DIR", dataDir.toString());
        env.put("BOOTSTRAP_TOKEN", Api.OPERATOR_TOKEN);
        env.put("MAIL_OUTBOX_DIR", dataDir.resolve("outbox").toString());
        env.remove("PDNS_API_URL");
        return builder.start();
    }

    /**
     * 200 once the service answers an authenticated request; while Payara starts, anything else
     * (no connection, 404, 500, 503) means wait, up to two minutes. A start that never answers 200
     * fails with the last status it gave.
     */
    private static int awaitAnswer(int port, Process launcher) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/v1/account/permissions"))
                .header("Authorization", "Bearer " + Api.OPERATOR_TOKEN).timeout(Duration.ofSeconds(10)).build();
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        String last = "no answer";
        while (System.nanoTime() < deadline && launcher.isAlive()) {
            try {
                HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
                if (response.statusCode() == 200) {
                    return 200;
                }
                last = response.statusCode() + " " + response.body();
            } catch (IOException e) {
                last = "no connection";
            }
            Thread.sleep(500);
        }
        throw new AssertionError("no 200 on port " + port + " within two minutes (launcher alive: " + launcher.isAlive() + "); last: " + last);
    }

    private static void stop(Process launcher) throws InterruptedException {
        if (launcher.isAlive()) {
            launcher.destroy(); // the launcher's shutdown hook stops Payara
            if (!launcher.waitFor(60, java.util.concurrent.TimeUnit.SECONDS)) {
                launcher.descendants().forEach(ProcessHandle::destroyForcibly);
                launcher.destroyForcibly();
            }
        }
    }
}
