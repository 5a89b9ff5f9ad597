package net.hostingapi.launcher;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** A service started as a process of its own (the run command, the runnable jar): waiting for it, stopping it. */
final class ServiceProcess {

    private static final HttpClient HTTP = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();

    /** What the suite configures for Payara and a developer's shell does not: a run command started by a test leaves it out. */
    private static final List<String> SUITE_CONFIGURATION = List.of(
            "DB_URL",
            "DB_USER",
            "DB_PASSWORD",
            "PDNS_API_URL",
            "PDNS_API_KEY",
            "SMTP_HOST",
            "SMTP_PORT",
            "SMTP_USER",
            "SMTP_PASSWORD",
            "MAIL_FROM",
            "MAIL_OUTBOX_DIR",
            "PUBLIC_BASE_URL",
            "HAZELCAST_PORT");

    private ServiceProcess() {}

    /**
     * The run command as a developer starts it (embedded database, zone files, mails as files),
     * its output to {@code output}: the suite's configuration and {@code alsoUnset} removed from
     * the environment, for the test to add its own.
     */
    static ProcessBuilder runCommand(Path output, String... alsoUnset) {
        ProcessBuilder builder = new ProcessBuilder(ServiceLauncher.command())
                .redirectErrorStream(true)
                .redirectOutput(output.toFile());
        SUITE_CONFIGURATION.forEach(builder.environment()::remove);
        List.of(alsoUnset).forEach(builder.environment()::remove);
        return builder;
    }

    /**
     * 200 once the service answers a request with {@code token} (the caller's BOOTSTRAP_TOKEN);
     * while Payara starts, anything else (no connection, 404, 500, 503) means wait, up to two
     * minutes. A start that never answers 200 fails with the last status it gave.
     */
    static int awaitAnswer(int port, Process service, String token) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + port + "/api/v1/account/permissions"))
                .header("Authorization", "Bearer " + token)
                .timeout(Duration.ofSeconds(10))
                .build();
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        String last = "no answer";
        while (System.nanoTime() < deadline && service.isAlive()) {
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
        throw new AssertionError("no 200 on port " + port + " within two minutes (process alive: " + service.isAlive()
                + "); last: " + last);
    }

    static void stop(Process service) throws InterruptedException {
        if (service.isAlive()) {
            service.destroy(); // SIGTERM: the run command's shutdown hook stops Payara; Payara stops itself
            if (!service.waitFor(60, java.util.concurrent.TimeUnit.SECONDS)) {
                service.descendants().forEach(ProcessHandle::destroyForcibly);
                service.destroyForcibly();
            }
        }
    }
}
