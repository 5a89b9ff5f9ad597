package net.hostingapi.transfers.control.status;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.xbill.DNS.DClass;
import org.xbill.DNS.Flags;
import org.xbill.DNS.Message;
import org.xbill.DNS.NSRecord;
import org.xbill.DNS.Name;
import org.xbill.DNS.Rcode;
import org.xbill.DNS.Record;
import org.xbill.DNS.SOARecord;
import org.xbill.DNS.Section;
import org.xbill.DNS.Type;

/**
 * What an SOA answer means, on answers as dnsjava builds them; and a nameserver that never
 * answers, played by a UDP socket on loopback that reads and stays silent.
 */
class SoaQueriesTest {

    private static final Instant AT = Instant.parse("2025-01-02T03:04:05Z");
    private static final Name ZONE = Name.fromConstantString("example.com.");

    private static Message answer(int rcode, boolean authoritative, Record... answers) {
        Message query = Message.newQuery(Record.newRecord(ZONE, Type.SOA, DClass.IN));
        Message response = new Message(query.getHeader().getID());
        response.getHeader().setFlag(Flags.QR);
        if (authoritative) {
            response.getHeader().setFlag(Flags.AA);
        }
        response.getHeader().setRcode(rcode);
        response.addRecord(query.getQuestion(), Section.QUESTION);
        for (Record record : answers) {
            response.addRecord(record, Section.ANSWER);
        }
        return response;
    }

    private static SOARecord soa(Name owner, long serial) {
        return new SOARecord(
                owner,
                DClass.IN,
                3600,
                Name.fromConstantString("ns1.example.net."),
                Name.fromConstantString("hostmaster.example.com."),
                serial,
                7200,
                3600,
                1209600,
                3600);
    }

    @Test
    void anAuthoritativeSoaGivesItsSerial() {
        ServedSerial served = SoaQueries.read(answer(Rcode.NOERROR, true, soa(ZONE, 2025010203L)), ZONE, AT, AT);
        assertEquals(2025010203L, served.serial());
        assertNull(served.error());
    }

    @Test
    void anythingElseSaysWhyThereIsNoSerial() {
        assertEquals(
                "answered REFUSED",
                SoaQueries.read(answer(Rcode.REFUSED, false), ZONE, AT, AT).error());
        assertEquals(
                "answered NXDOMAIN",
                SoaQueries.read(answer(Rcode.NXDOMAIN, true), ZONE, AT, AT).error());
        assertEquals(
                "answered SERVFAIL",
                SoaQueries.read(answer(Rcode.SERVFAIL, false), ZONE, AT, AT).error());
        ServedSerial cached = SoaQueries.read(answer(Rcode.NOERROR, false, soa(ZONE, 5)), ZONE, AT, AT);
        assertNull(cached.serial(), "an answer without AA is a cache's or a referral");
        assertEquals("not authoritative for the zone", cached.error());
        Name parent = Name.fromConstantString("com.");
        assertNull(SoaQueries.read(answer(Rcode.NOERROR, true, soa(parent, 5)), ZONE, AT, AT)
                .serial());
        ServedSerial noSoa = SoaQueries.read(
                answer(Rcode.NOERROR, true, new NSRecord(ZONE, DClass.IN, 3600, Name.fromConstantString("ns.x."))),
                ZONE,
                AT,
                AT);
        assertEquals("no SOA record of the zone in the answer", noSoa.error());
    }

    /** A clock a test moves on by hand. */
    private static final class TestClock extends Clock {
        private Instant now = Instant.now();

        @Override
        public Instant instant() {
            return now;
        }

        @Override
        public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }
    }

    @Test
    void aSilentServerIsNoAnswerWithinTheTimeoutAskedOncePerFreshness() throws Exception {
        try (DatagramSocket silent = new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))) {
            AtomicInteger received = new AtomicInteger();
            Thread reader = new Thread(() -> {
                byte[] buffer = new byte[512];
                while (!silent.isClosed()) {
                    try {
                        silent.receive(new DatagramPacket(buffer, buffer.length));
                        received.incrementAndGet();
                    } catch (java.io.IOException closed) {
                        return;
                    }
                }
            });
            reader.setDaemon(true);
            reader.start();
            TestClock clock = new TestClock();
            SoaQueries queries = new SoaQueries(clock);
            String host = InetAddress.getLoopbackAddress().getHostAddress();
            int port = silent.getLocalPort();

            long start = System.nanoTime();
            CompletableFuture<ServedSerial> first = queries.ask(host, port, "example.com");
            assertSame(first, queries.ask(host, port, "example.com"), "one question in flight per server and zone");
            ServedSerial served = first.get(5, java.util.concurrent.TimeUnit.SECONDS);
            long waited = Duration.ofNanos(System.nanoTime() - start).toMillis();
            assertNull(served.serial());
            assertEquals("no answer within 1000 ms", served.error());
            assertTrue(waited < 4000, "answered by the timeout, not by a hang: " + waited + " ms");

            // fresh: the same answer; later: a new question
            assertSame(first, queries.ask(host, port, "example.com"));
            CompletableFuture<ServedSerial> otherZone = queries.ask(host, port, "example.net");
            assertNotSame(first, otherZone);
            clock.now = served.answeredAt().plus(SoaQueries.FRESH).plusMillis(1);
            CompletableFuture<ServedSerial> again = queries.ask(host, port, "example.com");
            assertNotSame(first, again);
            again.get(5, java.util.concurrent.TimeUnit.SECONDS);
            otherZone.get(5, java.util.concurrent.TimeUnit.SECONDS);
            long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
            while (received.get() < 3 && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertEquals(3, received.get(), "three questions reached the server, no more");
        }
    }
}
