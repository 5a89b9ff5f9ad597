package net.hostingapi.launcher;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import net.hostingapi.support.Api;

/** A service started as a process of its own (the run command, the runnable jar): waiting for it, stopping it. */
final class ServiceProcess {

    private static final HttpClient HTTP = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();

    private ServiceProcess() {}

    /**
     * 200 once the service answers an authenticated request; while Payara starts, anything else
     * (no connection, 404, 500, 503) means wait, up to two minutes. A start that never answers 200
     * fails with the last status it gave.
     */
    static int awaitAnswer(int port, Process service) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + port + "/api/v1/account/permissions"))
                .header("Authorization", "Bearer " + Api.OPERATOR_TOKEN)
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
