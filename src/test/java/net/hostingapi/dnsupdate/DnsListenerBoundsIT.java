package net.hostingapi.dnsupdate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import jakarta.json.JsonObject;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.URL;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import net.hostingapi.support.Api;
import net.hostingapi.support.Deployments;
import net.hostingapi.support.DnsTestZone;
import net.hostingapi.support.DnsUpdateClient;
import net.hostingapi.support.ServiceTest;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.xbill.DNS.DClass;
import org.xbill.DNS.Header;
import org.xbill.DNS.Message;
import org.xbill.DNS.Name;
import org.xbill.DNS.Rcode;
import org.xbill.DNS.Record;
import org.xbill.DNS.TSIG;
import org.xbill.DNS.Type;
import org.xbill.DNS.Update;

/**
 * What the DNS listener bounds against abuse (issue 58): TCP connections by number and idle time,
 * answers no larger than what provoked them, the HTTP API answering through a UDP flood, and
 * failed signatures counted as failed authentications of the sender's address.
 */
@ServiceTest
@RunAsClient
class DnsListenerBoundsIT {

    /** DnsListener.TCP_CONNECTIONS, TCP_IDLE_MILLIS. */
    private static final int TCP_CONNECTIONS = 32;

    private static final int TCP_IDLE_MILLIS = 10_000;

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.service();
    }

    @ArquillianResource
    URL base;

    private Api api;
    private String zone;
    private Name origin;
    /** The zone's key (rights DNS_ZONES_LIST and DNS_ZONES_CRUD), over UDP from any address. */
    private DnsUpdateClient dns;

    @BeforeEach
    void zoneAndKey() {
        DnsTestZone hosted = DnsTestZone.create(base, DnsTestZone.record("www", "A", "192.0.2.1"));
        api = hosted.api();
        zone = hosted.name();
        origin = hosted.origin();
        dns = hosted.newKey();
    }

    @Test
    void theThirtyThirdTcpConnectionIsClosedWhileThirtyTwoServe() throws Exception {
        List<Socket> open = new ArrayList<>();
        try {
            for (int i = 0; i < TCP_CONNECTIONS; i++) {
                Socket socket = tcp();
                open.add(socket);
                // one message each: the connection is taken and served before the next one comes
                assertEquals(Rcode.NOERROR, exchange(socket, soaQuery()).getRcode(), "connection " + i);
            }
            try (Socket surplus = tcp()) {
                try {
                    write(surplus, soaQuery().toWire());
                } catch (SocketException e) {
                    // broken pipe: the listener closed it before the message went
                }
                assertEquals(-1, readOrEnd(surplus), "the 33rd connection is closed without an answer");
            }
            for (int i = 0; i < TCP_CONNECTIONS; i++) {
                Message answer = exchange(open.get(i), soaQuery());
                assertEquals(Rcode.NOERROR, answer.getRcode(), "connection " + i + " still serves");
                assertTrue(answer.isVerified());
            }
        } finally {
            for (Socket socket : open) {
                socket.close();
            }
        }
        awaitTcpServes();
    }

    /** An idle connection, and one whose message stops half-way, are closed after the idle time; others serve meanwhile. */
    @Test
    void idleAndCutOffConnectionsAreClosedWithoutHangingTheListener() throws Exception {
        try (Socket idle = tcp();
                Socket cutOff = tcp();
                Socket ended = tcp()) {
            long opened = System.nanoTime();
            byte[] message = soaQuery().toWire();
            DataOutputStream out = new DataOutputStream(cutOff.getOutputStream());
            out.writeShort(message.length);
            out.write(message, 0, message.length / 2);
            out.flush();
            // cut off and the sender gone: closed at once
            DataOutputStream endedOut = new DataOutputStream(ended.getOutputStream());
            endedOut.writeShort(message.length);
            endedOut.write(message, 0, 5);
            endedOut.flush();
            ended.shutdownOutput();
            assertEquals(-1, readOrEnd(ended), "a message cut off by the sender's end: closed without an answer");

            try (Socket other = tcp()) {
                assertEquals(Rcode.NOERROR, exchange(other, soaQuery()).getRcode(), "others are served meanwhile");
            }
            assertEquals(Rcode.NOERROR, udp(soaQuery()).getRcode());

            assertEquals(-1, readOrEnd(idle), "an idle connection is closed");
            System.out.printf(
                    "DnsListenerBoundsIT: an idle TCP connection closed after %d ms (TCP_IDLE_MILLIS %d)%n",
                    TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - opened), TCP_IDLE_MILLIS);
            assertEquals(-1, readOrEnd(cutOff), "a message cut off half-way is given up");
        }
    }

    /** Nothing unverified is answered with more bytes than it came with: no amplification. */
    @Test
    void unverifiedRequestsGetAnswersNoLargerThanThemselves() throws Exception {
        InetAddress sender = InetAddress.getByName("127.0.0.3"); // bad signatures count against 127.0.0.3 alone
        List<byte[]> shapes = new ArrayList<>();
        Random random = new Random(58);
        for (int i = 0; i < 100; i++) {
            byte[] garbage = new byte[12 + random.nextInt(500)];
            random.nextBytes(garbage);
            garbage[2] &= 0x7f; // a request, not a response
            shapes.add(garbage);
        }
        for (int opcode = 0; opcode < 16; opcode++) {
            byte[] header = new byte[12];
            header[0] = 0x12;
            header[2] = (byte) (opcode << 3);
            shapes.add(header);
        }
        Message signed = dns.sign(addition("trunc", "192.0.2.30"));
        byte[] whole = signed.toWire();
        for (int length = 12; length < whole.length; length += 7) {
            shapes.add(Arrays.copyOf(whole, length)); // truncated anywhere, TSIG included
        }
        shapes.add(unsigned(addition("plain", "192.0.2.31")).toWire());
        Update big = new Update(origin);
        for (int i = 0; i < 236; i++) {
            big.add(Name.fromString("big" + i, origin), Type.TXT, 300, "\"" + "x".repeat(240) + "\"");
        }
        byte[] oversized = big.toWire();
        assertTrue(oversized.length > 60_000 && oversized.length < 65_000, "about 60 KB: " + oversized.length);
        shapes.add(oversized);
        shapes.add(dns.withKey(new TSIG(TSIG.HMAC_SHA256, DnsUpdateClient.name(dns.keyName()), new byte[32]))
                .sign(big)
                .toWire());
        shapes.add(dns.withKey(otherKey("no-such-key.example."))
                .sign(addition("nokey", "192.0.2.32"))
                .toWire());
        shapes.add(dns.withKey(otherKey("a".repeat(60) + "." + "b".repeat(60) + "."))
                .sign(addition("nokey", "192.0.2.32"))
                .toWire());
        shapes.add(tsigNotLast(dns.sign(addition("notlast", "192.0.2.33"))));

        int answered = 0;
        for (byte[] shape : shapes) {
            byte[] answer = dns.from(sender).rawOrNull(shape);
            assertNotNull(answer, "a request with a header is answered: " + shape.length + " bytes");
            assertTrue(
                    answer.length <= shape.length,
                    answer.length + " bytes answered to " + shape.length + ": " + describe(answer));
            assertEquals(shape[0], answer[0], "the request's id");
            assertEquals(shape[1], answer[1], "the request's id");
            answered++;
        }
        System.out.printf(
                "DnsListenerBoundsIT: %d unverified requests of %d shapes, none answered larger%n",
                answered, shapes.size());
        assertTrue(api.get("/api/v1/dns/zones/show?zone=" + zone).body().contains("192.0.2.1"));
        for (String name : List.of("trunc", "plain", "big0", "nokey", "notlast")) {
            assertEquals(
                    0,
                    api
                            .get("/api/v1/dns/zones/show?zone=" + zone)
                            .data()
                            .getJsonObject("zone")
                            .getJsonArray("records")
                            .getValuesAs(JsonObject.class)
                            .stream()
                            .filter(r -> r.getString("name").equals(name))
                            .count(),
                    name + " was not applied");
        }
    }

    @Test
    void theHttpApiAnswersThroughAUdpFloodAndTheListenerAfterIt() throws Exception {
        int senders = 4;
        int perSender = 5_000;
        AtomicInteger sent = new AtomicInteger();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < senders; t++) {
            int seed = t;
            Thread thread = new Thread(
                    () -> {
                        Random random = new Random(seed);
                        InetSocketAddress listener =
                                new InetSocketAddress(InetAddress.getLoopbackAddress(), DnsUpdateClient.port());
                        try (DatagramSocket socket = new DatagramSocket()) {
                            for (int i = 0; i < perSender; i++) {
                                byte[] garbage = new byte[12 + random.nextInt(200)];
                                random.nextBytes(garbage);
                                garbage[2] &= 0x7f;
                                socket.send(new DatagramPacket(garbage, garbage.length, listener));
                                sent.incrementAndGet();
                            }
                        } catch (IOException e) {
                            throw new IllegalStateException(e);
                        }
                    },
                    "flood-" + t);
            thread.start();
            threads.add(thread);
        }
        long begun = System.nanoTime();
        int shows = 0;
        try {
            while (threads.stream().anyMatch(Thread::isAlive)) {
                Api.Response shown = api.get("/api/v1/dns/zones/show?zone=" + zone);
                assertEquals(200, shown.status(), "during the flood: " + shown.body());
                assertTrue(shown.body().contains("192.0.2.1"), shown.body());
                shows++;
            }
        } finally {
            for (Thread thread : threads) {
                thread.join(120_000);
            }
        }
        long floodMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begun);
        assertEquals(senders * perSender, sent.get());
        assertTrue(shows > 0, "the API was asked during the flood");
        System.out.printf(
                "DnsListenerBoundsIT: %d garbage datagrams in %d ms from %d threads; %d zone shows answered 200 meanwhile%n",
                sent.get(), floodMillis, senders, shows);

        // right after it a signed UPDATE is applied; a client retries a datagram lost to the full queue
        Message answer = null;
        for (int attempt = 0; attempt < 3 && answer == null; attempt++) {
            byte[] raw = dns.rawOrNull(
                    dns.sign(addition("after-flood", "192.0.2.40")).toWire());
            answer = raw == null ? null : new Message(raw);
        }
        assertNotNull(answer, "answered after the flood");
        assertEquals(Rcode.NOERROR, answer.getRcode(), answer.toString());
        assertTrue(api.get("/api/v1/dns/zones/show?zone=" + zone).body().contains("192.0.2.40"));
    }

    /**
     * Bad signatures are failed authentications of the sender's address (AUTH_FAILURES_PER_MINUTE,
     * 20): past the limit a bare REFUSED, while the key's valid signatures still pass. Sent from
     * 127.0.0.2, so the other classes' failures from 127.0.0.1 neither count here nor are counted.
     */
    @Test
    void failedSignaturesCountAsFailedAuthenticationsOfTheAddress() throws Exception {
        DnsUpdateClient guesser = dns.from(InetAddress.getByName("127.0.0.2"));
        DnsUpdateClient wrongSecret =
                guesser.withKey(new TSIG(TSIG.HMAC_SHA256, DnsUpdateClient.name(dns.keyName()), new byte[32]));
        int notauth = 0;
        byte[] refused = null;
        Message request = null;
        for (int i = 0; i < 25 && refused == null; i++) {
            request = wrongSecret.sign(addition("guess" + i, "192.0.2.50"));
            byte[] raw = guesser.rawOrNull(request.toWire());
            assertNotNull(raw, "attempt " + i + " answered");
            Message answer = new Message(raw);
            if (answer.getRcode() == Rcode.REFUSED) {
                refused = raw;
            } else {
                assertEquals(Rcode.NOTAUTH, answer.getRcode(), "attempt " + i + ": " + answer);
                assertEquals(Rcode.BADSIG, answer.getTSIG().getError());
                notauth++;
            }
        }
        assertNotNull(refused, "refused within 25 bad signatures");
        assertTrue(notauth <= 20, "at most the 20 of a minute: " + notauth);
        assertEquals(Header.LENGTH, refused.length, "a bare header, no TSIG: " + new Message(refused));
        assertEquals(
                request.getHeader().getID(), new Message(refused).getHeader().getID());
        System.out.printf("DnsListenerBoundsIT: %d BADSIG answers to 127.0.0.2, then REFUSED%n", notauth);

        // the key's valid signatures from the same address still pass
        Message valid = new Message(
                guesser.rawOrNull(guesser.sign(addition("valid", "192.0.2.51")).toWire()));
        assertEquals(Rcode.NOERROR, valid.getRcode(), valid.toString());
        assertTrue(api.get("/api/v1/dns/zones/show?zone=" + zone).body().contains("192.0.2.51"));

        // the window ends: bad signatures are answered NOTAUTH again (each REFUSED one is not counted)
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        Message again;
        do {
            Thread.sleep(2_000);
            again = new Message(guesser.rawOrNull(
                    wrongSecret.sign(addition("late", "192.0.2.52")).toWire()));
        } while (again.getRcode() == Rcode.REFUSED && System.nanoTime() < deadline);
        assertEquals(Rcode.NOTAUTH, again.getRcode(), "within 90 s of the limit: " + again);
    }

    private Message soaQuery() {
        return dns.sign(DnsUpdateClient.newQuery(origin, Type.SOA));
    }

    private Update addition(String name, String address) throws Exception {
        Update update = new Update(origin);
        update.add(Name.fromString(name, origin), Type.A, 300, address);
        return update;
    }

    private static Message unsigned(Message message) {
        Message copy = message.clone();
        copy.getHeader().setID(new Random().nextInt(65_536));
        return copy;
    }

    private static TSIG otherKey(String name) {
        return new TSIG(TSIG.HMAC_SHA256, DnsUpdateClient.name(name), new byte[32]);
    }

    /** The signed message with one more record after its TSIG record, ARCOUNT raised to match. */
    private static byte[] tsigNotLast(Message signed) {
        byte[] wire = signed.toWire();
        byte[] extra = Record.newRecord(Name.root, Type.A, DClass.IN, 0, new byte[] {127, 0, 0, 1})
                .toWire(org.xbill.DNS.Section.ADDITIONAL);
        byte[] message = Arrays.copyOf(wire, wire.length + extra.length);
        System.arraycopy(extra, 0, message, wire.length, extra.length);
        int additional = ((message[10] & 0xff) << 8 | (message[11] & 0xff)) + 1;
        message[10] = (byte) (additional >> 8);
        message[11] = (byte) additional;
        return message;
    }

    private static String describe(byte[] answer) {
        try {
            return new Message(answer).toString();
        } catch (IOException e) {
            return Arrays.toString(answer);
        }
    }

    private static Socket tcp() throws IOException {
        Socket socket = new Socket(InetAddress.getLoopbackAddress(), DnsUpdateClient.port());
        socket.setSoTimeout(TCP_IDLE_MILLIS * 2);
        return socket;
    }

    private Message exchange(Socket socket, Message query) throws IOException {
        write(socket, query.toWire());
        DataInputStream in = new DataInputStream(socket.getInputStream());
        byte[] answer = new byte[in.readUnsignedShort()];
        in.readFully(answer);
        Message parsed = new Message(answer);
        assertEquals(Rcode.NOERROR, dns.verify(parsed, answer, query), "the answer's signature");
        return parsed;
    }

    private static void write(Socket socket, byte[] message) throws IOException {
        DataOutputStream out = new DataOutputStream(socket.getOutputStream());
        out.writeShort(message.length);
        out.write(message);
        out.flush();
    }

    /** The next byte the listener sends, or -1 once it closed the connection (a reset counts as closed). */
    private static int readOrEnd(Socket socket) throws IOException {
        try {
            return socket.getInputStream().read();
        } catch (SocketTimeoutException e) {
            return fail("the listener neither answered nor closed within " + socket.getSoTimeout() + " ms");
        } catch (SocketException e) {
            return -1; // reset: closed with our bytes unread
        }
    }

    /** After a test held all connections: the listener serves TCP again once it saw them closed. */
    private void awaitTcpServes() throws Exception {
        for (int i = 0; i < 50; i++) {
            try (Socket socket = tcp()) {
                write(socket, soaQuery().toWire());
                if (readOrEnd(socket) != -1) {
                    return;
                }
            } catch (SocketException e) {
                // closed at the bound still: try again
            }
            Thread.sleep(100);
        }
        fail("TCP served again after the connections closed");
    }

    private Message udp(Message request) throws IOException {
        byte[] answer = dns.rawOrNull(request.toWire());
        assertNotNull(answer, "answered within 5 s");
        return new Message(answer);
    }
}
