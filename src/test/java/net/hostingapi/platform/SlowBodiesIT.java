package net.hostingapi.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.hostingapi.support.Api;
import net.hostingapi.support.Deployments;
import net.hostingapi.support.ServiceTest;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;

/**
 * A request body that arrives slowly holds an HTTP worker while it does: it must arrive by its
 * deadline (HTTP_BODY_TIMEOUT_SECONDS, 4 s in the tests' configuration), and one client address
 * may not have more than four such bodies on their way (README, Operations, "Slow request bodies"). The client
 * addresses are put in X-Forwarded-For, which the tests' configuration trusts from 127.0.0.1, so
 * that each test has addresses of its own.
 */
@ServiceTest
@RunAsClient
class SlowBodiesIT {

    private static final String FORM = "application/x-www-form-urlencoded";
    /** The address from which the tests' configuration trusts X-Forwarded-For. */
    private static final String LOOPBACK = "127.0.0.1";
    /** The refusals, as /metrics counts them. */
    private static final String SLOW_BODIES_REFUSED = "rate_limited_requests_total{limiter=\"TOO_MANY_SLOW_BODIES\"";

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.service();
    }

    @ArquillianResource
    URL base;

    /**
     * Payara's read timeout counts for each read: a byte every half second kept a request, and its
     * worker, for as long as its body lasted. Twenty such bodies from five addresses (four each,
     * within the limit per address) hold more than the 16 workers; each is answered 408 at its
     * deadline, and a request behind them is answered once the deadline freed their workers. An
     * address whose bodies missed their deadline four times in a minute has its next ones refused.
     * (Grizzly closes each connection once the rest of its body has come or the connection has
     * idled out, without a worker.)
     */
    @Test
    void bodiesTricklingInAreAnswered408AtTheirDeadlineAndFreeTheirWorkers() throws Exception {
        String body = "name=" + "x".repeat(195); // 200 bytes, 100 s at a byte every half second
        List<Socket> sockets = new ArrayList<>();
        List<Thread> trickles = new ArrayList<>();
        try {
            for (int address = 1; address <= 5; address++) {
                for (int i = 0; i < 4; i++) {
                    Socket socket = open("198.51.100." + (30 + address), body.length(), null);
                    sockets.add(socket);
                    Thread trickle = new Thread(() -> {
                        try {
                            OutputStream out = socket.getOutputStream();
                            for (int b = 0; b < body.length(); b++) {
                                out.write(body.charAt(b));
                                out.flush();
                                Thread.sleep(500);
                            }
                        } catch (IOException | InterruptedException e) {
                            // closed: the test is over
                        }
                    });
                    trickle.setDaemon(true);
                    trickle.start();
                    trickles.add(trickle);
                }
            }
            long start = System.nanoTime();
            Thread.sleep(1_000);
            RawHttp.Answer behind = RawHttp.send(
                    base.getHost(),
                    base.getPort(),
                    "GET /api/v1/account/permissions HTTP/1.1\r\nAuthorization: Bearer " + Api.OPERATOR_TOKEN
                            + "\r\n\r\n",
                    20_000);
            assertEquals(200, behind.status(), "a request behind 20 trickling bodies: " + behind.statusLine());
            for (Socket socket : sockets) {
                Api.Response reply = readReply(socket, 20_000);
                assertEquals(408, reply.status(), reply.toString());
                assertEquals(List.of(4080), reply.errorCodes(), reply.toString());
                assertEquals("close", reply.header("Connection"), reply.toString());
            }
            long millis = (System.nanoTime() - start) / 1_000_000;
            assertTrue(millis < 30_000, "all answered after " + millis + " ms, while their bodies were still coming");
            // Four missed deadlines within a minute: the address's next body is refused without being read.
            try (Socket again = open("198.51.100.31", 10, "name=x.exa")) {
                Api.Response refused = readReply(again, 3_000);
                assertEquals(429, refused.status(), refused.toString());
                assertEquals(List.of(4294), refused.errorCodes(), refused.toString());
                assertTrue(Integer.parseInt(refused.header("Retry-After")) > 1, refused.toString());
            }
        } finally {
            trickles.forEach(Thread::interrupt);
            for (Socket socket : sockets) {
                socket.close();
            }
        }
    }

    @Test
    void aFifthSlowBodyFromOneAddressIsRefusedAtOnceWhileOthersAreServed() throws Exception {
        List<Socket> held = holdSlowBodies(List.of("198.51.100.22", "198.51.100.22", "198.51.100.22", "198.51.100.22"));
        Api metrics = Api.at(base);
        double refusedBefore = metrics.metric(SLOW_BODIES_REFUSED);
        try {
            try (Socket fifth = open("198.51.100.22", 100, "name=")) {
                Api.Response refused = readReply(fifth, 3_000);
                assertEquals(429, refused.status(), refused.toString());
                assertEquals(List.of(4294), refused.errorCodes(), refused.toString());
                assertEquals("1", refused.header("Retry-After"), refused.toString());
            }
            assertEquals(refusedBefore + 1, metrics.metric(SLOW_BODIES_REFUSED), "counted for the operator");
            // Another address, and a request without a body from the same one, are served.
            Api operator =
                    Api.at(new URL("http://" + LOOPBACK + ":" + base.getPort())).asOperator();
            Api.Response other = operator.send(
                    "POST", "/api/v1/dns/zones/create", FORM, "name=", Map.of("X-Forwarded-For", "198.51.100.23"));
            assertTrue(other.status() != 429 && other.status() != 408, other.toString());
            Api.Response sameWithoutBody = operator.send(
                    "GET", "/api/v1/account/permissions", null, null, Map.of("X-Forwarded-For", "198.51.100.22"));
            assertEquals(200, sameWithoutBody.status(), sameWithoutBody.toString());
            // The four held ones end at their deadline.
            for (Socket socket : held) {
                Api.Response timedOut = readReply(socket, 15_000);
                assertEquals(408, timedOut.status(), timedOut.toString());
            }
        } finally {
            for (Socket socket : held) {
                socket.close();
            }
        }
    }

    /** An IPv6 client usually holds a whole /64: its addresses count together, the next /64 apart. */
    @Test
    void ipv6AddressesCountByTheirSlash64() throws Exception {
        List<Socket> held =
                holdSlowBodies(List.of("2001:db8:1:2::1", "2001:db8:1:2::2", "2001:db8:1:2::3", "2001:db8:1:2::4"));
        try {
            try (Socket sameNetwork = open("2001:db8:1:2::ffff", 100, "name=")) {
                Api.Response refused = readReply(sameNetwork, 3_000);
                assertEquals(429, refused.status(), refused.toString());
            }
            try (Socket nextNetwork = open("2001:db8:1:3::1", 14, "name=x.exampl")) {
                nextNetwork.getOutputStream().write("e".getBytes(StandardCharsets.US_ASCII));
                Api.Response served = readReply(nextNetwork, 10_000);
                assertTrue(served.status() != 429 && served.status() != 408, served.toString());
            }
        } finally {
            for (Socket socket : held) {
                socket.close();
            }
        }
    }

    /** One request from each address whose body stops after 5 of 100 bytes, held until they count as slow. */
    private List<Socket> holdSlowBodies(List<String> clientAddresses) throws IOException, InterruptedException {
        List<Socket> held = new ArrayList<>();
        for (String address : clientAddresses) {
            held.add(open(address, 100, "name="));
        }
        Thread.sleep(1_500); // slow: still arriving after a second
        return held;
    }

    /** A POST with a form body of {@code length} bytes, of which only {@code sent} goes out now. */
    private Socket open(String clientAddress, int length, String sent) throws IOException {
        Socket socket = new Socket(LOOPBACK, base.getPort());
        String head = "POST /api/v1/dns/zones/create HTTP/1.1\r\nHost: " + LOOPBACK + ":" + base.getPort()
                + "\r\nAuthorization: Bearer " + Api.OPERATOR_TOKEN + "\r\nX-Forwarded-For: " + clientAddress
                + "\r\nContent-Type: " + FORM + "\r\nContent-Length: " + length + "\r\n\r\n"
                + (sent == null ? "" : sent);
        OutputStream out = socket.getOutputStream();
        out.write(head.getBytes(StandardCharsets.US_ASCII));
        out.flush();
        return socket;
    }

    /** Reads one answer with a Content-Length (the connection stays open); status -1 when none came. */
    private static Api.Response readReply(Socket socket, int timeoutMillis) throws IOException {
        socket.setSoTimeout(timeoutMillis);
        InputStream in = socket.getInputStream();
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        try {
            for (int lastFour = 0; lastFour != 0x0d0a0d0a; ) { // CR LF CR LF ends the head
                int b = in.read();
                if (b == -1) {
                    return new Api.Response(-1, "closed without an answer: " + head, Map.of());
                }
                head.write(b);
                lastFour = (lastFour << 8) | b;
            }
        } catch (SocketTimeoutException e) {
            return new Api.Response(-1, "no answer within " + timeoutMillis + " ms", Map.of());
        }
        String[] lines = head.toString(StandardCharsets.ISO_8859_1).split("\r\n");
        Map<String, List<String>> headers = new LinkedHashMap<>();
        for (String line : lines) {
            int colon = line.indexOf(':');
            if (colon > 0) {
                headers.computeIfAbsent(line.substring(0, colon).trim(), name -> new ArrayList<>())
                        .add(line.substring(colon + 1).trim());
            }
        }
        int length = Integer.parseInt(headers.get("Content-Length").get(0));
        return new Api.Response(
                Integer.parseInt(lines[0].split(" ")[1]),
                new String(in.readNBytes(length), StandardCharsets.UTF_8),
                headers);
    }
}
