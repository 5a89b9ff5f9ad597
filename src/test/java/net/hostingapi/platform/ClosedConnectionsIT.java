package net.hostingapi.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.List;
import net.hostingapi.support.Api;
import net.hostingapi.support.Deployments;
import net.hostingapi.support.ServerLog;
import net.hostingapi.support.ServiceTest;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;

/**
 * A client that hangs up while its answer is being written (a timeout, a cancelled script, or an
 * attacker doing it a request at a time) costs the log one line and a count, not the container's
 * SEVERE records with their stack traces, and the service goes on answering.
 */
@ServiceTest
@RunAsClient
class ClosedConnectionsIT {

    private static final int HANG_UPS = 3;

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.service();
    }

    @ArquillianResource
    URL base;

    @Test
    void aClientThatHangsUpOnItsAnswerLeavesOneLineAndACountNotStackTraces() throws IOException {
        Api.Customer customer = Api.at(base).newCustomer();
        String zone = customer.username() + ".example";
        String token = customer.created().getJsonObject("token").getString("token");
        JsonArrayBuilder records = Json.createArrayBuilder();
        for (int i = 0; i < 1000; i++) {
            records.add(Json.createObjectBuilder()
                    .add("name", "host-" + i)
                    .add("type", "A")
                    .add("data", "192.0.2." + (i % 250 + 1)));
        }
        Api.Response created = customer.api()
                .json(
                        "POST",
                        "/api/v1/dns/zones/create",
                        Json.createObjectBuilder()
                                .add("name", zone)
                                .add("records", records)
                                .build());
        assertEquals(201, created.status(), created.body());
        double before = cutShort();

        // an answer of some 100 KB, written in pieces (the first fails), and a small one, which the
        // container fails to send only as it closes the answer
        for (int i = 0; i < HANG_UPS; i++) {
            hangUp("/api/v1/dns/zones/show?zone=" + zone, token);
            hangUp("/api/v1/dns/zones/show?zone=no-such-" + zone, token);
        }

        awaitCutShortLines(HANG_UPS);
        assertEquals(before + HANG_UPS, cutShort());
        List<String> traces = ServerLog.lines().stream()
                .filter(line -> line.contains("An I/O error has occurred while writing a response")
                        || line.contains("Error while closing the output stream")
                        || line.contains("Connection reset by peer")
                        || line.contains("Connection is closed")
                        || line.contains("Broken pipe")
                        || line.contains("Exception Processing ErrorPage"))
                .toList();
        if (!traces.isEmpty()) {
            fail("the closed connections were logged as errors:\n" + String.join("\n", traces));
        }
        Api.Response after = customer.api().get("/api/v1/dns/zones/show?zone=" + zone);
        assertEquals(200, after.status());
        assertEquals(
                1000, after.data().getJsonObject("zone").getJsonArray("records").size());
    }

    /**
     * A client that closes its connection while sending its body: the body cannot be read, and the
     * answer meets a closed connection. Catalina's error-page valve logged that as a WARNING with
     * its stack trace written into the message, over a hundred lines a request.
     */
    @Test
    void aClientThatHangsUpWhileSendingItsBodyLeavesNoStackTrace() throws Exception {
        for (int i = 0; i < HANG_UPS; i++) {
            try (Socket socket = new Socket(base.getHost(), base.getPort())) {
                socket.getOutputStream()
                        .write(("POST /api/v1/dns/zones/create HTTP/1.1\r\nHost: " + base.getHost()
                                        + "\r\nAuthorization: Bearer " + Api.OPERATOR_TOKEN
                                        + "\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                                        + "Content-Length: 100\r\n\r\nname=")
                                .getBytes(StandardCharsets.US_ASCII));
                Thread.sleep(300); // the service is waiting for the rest
            }
        }
        // The log holds what came before this request's line once its line is in.
        Api.Response after = Api.at(base).asOperator().get("/api/v1/account/permissions");
        assertEquals(200, after.status());
        ServerLog.requestLine(after.header("X-Request-Id"));
        List<String> traces = ServerLog.lines().stream()
                .filter(line -> line.contains("Exception Processing ErrorPage")
                        || line.contains("Connection is closed")
                        || line.contains("java.io.EOFException"))
                .toList();
        if (!traces.isEmpty()) {
            fail("the closed connections were logged as errors:\n" + String.join("\n", traces));
        }
    }

    /**
     * Sends the request and resets the connection at once: the request is in the server's buffer
     * and is answered, and the answer meets a connection the client has closed.
     */
    private void hangUp(String path, String token) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(base.getHost(), base.getPort()), 10_000);
            socket.getOutputStream()
                    .write(("GET " + path + " HTTP/1.1\r\nHost: " + base.getHost() + "\r\nAuthorization: Bearer "
                                    + token + "\r\n\r\n")
                            .getBytes(StandardCharsets.US_ASCII));
            socket.setSoLinger(true, 0); // the close resets the connection
        }
    }

    /** Waits for the service to have noticed as many cut-short answers, and fails if it notices more. */
    private static void awaitCutShortLines(int expected) {
        long deadline = System.currentTimeMillis() + 30_000;
        long seen = 0;
        while (System.currentTimeMillis() < deadline) {
            seen = ServerLog.lines().stream()
                    .filter(line -> line.contains("answer cut short: the client closed the connection request="))
                    .count();
            if (seen >= expected) {
                break;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
        assertEquals(expected, seen, "answers cut short in the server log");
    }

    private double cutShort() {
        return Api.at(base).metric("answers_cut_short_total");
    }
}
