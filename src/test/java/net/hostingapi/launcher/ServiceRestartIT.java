package net.hostingapi.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
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
            assertEquals(200, ServiceProcess.awaitAnswer(port, first, Api.OPERATOR_TOKEN), "the first start answers");
            Thread.sleep(5000); // a service that has run a while, as in operation, with its timers started
            ProcessHandle payara = first.toHandle().children().findFirst().orElseThrow();
            assertTrue(payara.destroyForcibly(), "kill -9 of Payara");
            payara.onExit().get();
            first.waitFor();
        } finally {
            ServiceProcess.stop(first);
        }
        assertTrue(Files.isDirectory(dataDir.resolve("payara")), "the crash left Payara's runtime directory behind");

        Process second = launch(dataDir, port);
        try {
            assertEquals(
                    200,
                    ServiceProcess.awaitAnswer(port, second, Api.OPERATOR_TOKEN),
                    "the start after the crash answers");
        } finally {
            ServiceProcess.stop(second);
        }
    }

    private static Process launch(Path dataDir, int port) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(ServiceLauncher.command())
                .redirectErrorStream(true)
                .redirectOutput(dataDir.resolveSibling("restart-service.log").toFile());
        Files.createDirectories(dataDir);
        Map<String, String> env = builder.environment();
        env.put("HTTP_PORT", Integer.toString(port));
        env.put("DNS_UPDATE_PORT", Integer.toString(EmbeddedMariaDb.freePort())); // not the shared test server's
        env.put("DATA_DIR", dataDir.toString());
        env.put("BOOTSTRAP_TOKEN", Api.OPERATOR_TOKEN);
        env.put("MAIL_OUTBOX_DIR", dataDir.resolve("outbox").toString());
        env.remove("PDNS_API_URL");
        return builder.start();
    }
}
