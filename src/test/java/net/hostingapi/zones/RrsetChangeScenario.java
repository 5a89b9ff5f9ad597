package net.hostingapi.zones;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import java.io.IOException;
import java.net.URL;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import net.hostingapi.support.Api;
import org.junit.jupiter.api.Test;
import org.xbill.DNS.DClass;
import org.xbill.DNS.Message;
import org.xbill.DNS.Name;
import org.xbill.DNS.Rcode;
import org.xbill.DNS.Record;
import org.xbill.DNS.Section;
import org.xbill.DNS.SimpleResolver;
import org.xbill.DNS.Type;

/**
 * api.md, DNS zones, RRset changes, as the nameserver answers them, the same for PowerDNS
 * ({@link RrsetChangesPowerDnsIT}) and BIND ({@link RrsetChangesBindIT}): while one name's A RRset
 * is switched back and forth between two sets of addresses by rrsets/change, a thread asking the
 * nameserver for it all along gets NOERROR with exactly one of the two sets, never no answer
 * (NXDOMAIN, an empty answer) and never a mix of both; and it has seen both.
 */
abstract class RrsetChangeScenario {

    static final Set<String> FIRST = Set.of("192.0.2.1", "192.0.2.2");
    static final Set<String> SECOND = Set.of("198.51.100.1", "198.51.100.2", "198.51.100.3");

    /** RRset changes in the loop, each awaited at the nameserver before the next. */
    static final int CHANGES = 40;

    /** What a change may take to be published; a bound for a wait, not a measurement. */
    static final Duration PUBLISHED_WITHIN = Duration.ofSeconds(30);

    abstract URL base();

    /** The nameserver's DNS port on 127.0.0.1. */
    abstract int dnsPort();

    @Test
    void aNameAskedThroughoutItsRrsetChangesAlwaysAnswersOneWholeRrset() throws Exception {
        Api api = Api.at(base()).newCustomer().api();
        String zone = "rs" + UUID.randomUUID().toString().replace("-", "").substring(0, 12) + ".example";
        String www = "www." + zone;
        Api.Response created = api.json(
                "POST",
                "/api/v1/dns/zones/create",
                Json.createObjectBuilder()
                        .add("name", zone)
                        .add("records", addresses(FIRST))
                        .build());
        assertEquals(201, created.status(), created.body());
        await(() -> FIRST.equals(answer(www).addresses()), "the zone is served");

        Asker asker = new Asker(www);
        Thread asking = new Thread(asker, "asks " + www);
        asking.start();
        try {
            for (int i = 0; i < CHANGES; i++) {
                Set<String> next = i % 2 == 0 ? SECOND : FIRST;
                JsonArrayBuilder data = Json.createArrayBuilder();
                next.forEach(data::add);
                Api.Response changed = api.json(
                        "POST",
                        "/api/v1/dns/zones/rrsets/change",
                        Json.createObjectBuilder()
                                .add("zone", zone)
                                .add(
                                        "changes",
                                        Json.createArrayBuilder()
                                                .add(Json.createObjectBuilder()
                                                        .add("name", "www")
                                                        .add("type", "A")
                                                        .add("records", data)))
                                .build());
                assertEquals(200, changed.status(), changed.body());
                await(() -> next.equals(answer(www).addresses()), "change " + i + " is served");
            }
        } finally {
            asker.stop.set(true);
            asking.join();
        }
        System.out.println(getClass().getSimpleName() + ": " + asker.answers.get() + " answers during " + CHANGES
                + " RRset changes, " + asker.unanswered.get() + " queries unanswered");
        assertEquals(
                List.of(),
                asker.problems.subList(0, Math.min(20, asker.problems.size())),
                asker.problems.size() + " answers that were no whole RRset of the two; the first 20");
        assertEquals(Set.of(FIRST, SECOND), asker.seen, "the asker saw both sets");
        assertTrue(asker.answers.get() >= CHANGES, "answers: " + asker.answers.get());
    }

    /** Asks for the name's A RRset, again and again, and keeps every answer that is no whole set of the two. */
    private final class Asker implements Runnable {

        final String name;
        final AtomicBoolean stop = new AtomicBoolean();
        final AtomicInteger answers = new AtomicInteger();
        final AtomicInteger unanswered = new AtomicInteger();
        final List<String> problems = Collections.synchronizedList(new ArrayList<>());
        final Set<Set<String>> seen = ConcurrentHashMap.newKeySet();

        Asker(String name) {
            this.name = name;
        }

        @Override
        public void run() {
            while (!stop.get()) {
                Answer answer;
                try {
                    answer = answer(name);
                } catch (IOException e) {
                    unanswered.incrementAndGet(); // no answer is not a wrong one: asked again
                    continue;
                }
                answers.incrementAndGet();
                if (answer.rcode() != Rcode.NOERROR
                        || !(answer.addresses().equals(FIRST)
                                || answer.addresses().equals(SECOND))) {
                    problems.add(Rcode.string(answer.rcode()) + " " + answer.addresses());
                } else {
                    seen.add(answer.addresses());
                }
            }
        }
    }

    record Answer(int rcode, Set<String> addresses) {}

    /** The nameserver's answer to an A query for {@code name}, over UDP (TCP for a truncated one), uncached. */
    Answer answer(String name) throws IOException {
        SimpleResolver resolver = new SimpleResolver("127.0.0.1");
        resolver.setPort(dnsPort());
        resolver.setTimeout(Duration.ofSeconds(2));
        Message response =
                resolver.send(Message.newQuery(Record.newRecord(Name.fromString(name + "."), Type.A, DClass.IN)));
        Set<String> addresses = new TreeSet<>();
        for (Record record : response.getSection(Section.ANSWER)) {
            if (record.getType() == Type.A) {
                addresses.add(record.rdataToString());
            }
        }
        return new Answer(response.getRcode(), addresses);
    }

    private static JsonArrayBuilder addresses(Set<String> addresses) {
        JsonArrayBuilder records = Json.createArrayBuilder();
        addresses.forEach(a -> records.add(ZonesIT.record("www", "A", a, null)));
        return records;
    }

    private static void await(Check condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + PUBLISHED_WITHIN.toNanos();
        while (System.nanoTime() < deadline) {
            try {
                if (condition.holds()) {
                    return;
                }
            } catch (IOException e) {
                // not answered this time: asked again
            }
            Thread.sleep(20);
        }
        throw new AssertionError("Not within " + PUBLISHED_WITHIN.toSeconds() + " s: " + what);
    }

    @FunctionalInterface
    private interface Check {
        boolean holds() throws IOException;
    }
}
