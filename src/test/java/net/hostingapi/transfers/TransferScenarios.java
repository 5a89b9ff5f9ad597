package net.hostingapi.transfers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import net.hostingapi.nameserver.DnssecProbe;
import net.hostingapi.support.Api;
import net.hostingapi.support.DnsTestZone;
import net.hostingapi.support.FleetSecondary;
import net.hostingapi.support.SecondaryServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.xbill.DNS.Record;
import org.xbill.DNS.Type;

/**
 * What a zone's secondaries see of its primary, the same for PowerDNS ({@link TransfersPowerDnsIT})
 * and BIND ({@link TransfersBindIT}): a zone created through the API with a BIND secondary
 * (127.0.0.2, allowed by its address) and a Knot secondary (127.0.0.4, signing with a TSIG key of
 * the account) is sent NOTIFY and transferred by both within seconds, and so is every change
 * (their SOA refresh is 12 hours away: only NOTIFY brings it); no other address, no key but the
 * right one, and no address of a secondary with a key may transfer it; a changed list of
 * secondaries takes effect; a signed zone is served signed by both secondaries and validates
 * there with the API's DS as the only trust anchor. The operator's fleet (127.0.0.3, the pom;
 * FleetSecondary, which follows the catalog zone) is among every zone's secondaries too, and
 * follows each change as well. With the fleet answering, PowerDNS has no NOTIFY to retry, and by
 * itself would find a change only at its next xfr-cycle-interval: what the secondaries get within
 * seconds is the NOTIFY the service asks for.
 */
abstract class TransferScenarios {

    /** A change reaches a secondary through NOTIFY within this (the outbox publishes within seconds). */
    static final Duration NOTIFIED_WITHIN = Duration.ofSeconds(20);

    static final String BIND_ADDRESS = "127.0.0.2";
    static final String KNOT_ADDRESS = "127.0.0.4";

    private static SecondaryServer bind;
    private static SecondaryServer knot;

    Api api;
    SecondaryServer.Key key;

    /** The service under test. */
    abstract URL base();

    /** Where the primary answers DNS, on 127.0.0.1. */
    abstract int primaryPort();

    /** Whether the primary answers an IXFR with the difference (BIND) or with the whole zone (PowerDNS 4.7). */
    abstract boolean answersIncrementally();

    @BeforeEach
    void secondariesAndACustomerWithAKey() {
        if (bind == null) {
            bind = SecondaryServer.bind(
                    BIND_ADDRESS, Integer.getInteger("test.secondary.bind.port"), "127.0.0.1", primaryPort());
            bind.start();
            knot = SecondaryServer.knot(
                    KNOT_ADDRESS, Integer.getInteger("test.secondary.knot.port"), "127.0.0.1", primaryPort());
            knot.start();
        }
        api = Api.at(base()).newCustomer().api();
        key = SecondaryServer.Key.of(
                DnsTestZone.newKeyToken(api, Json.createObjectBuilder()).getJsonObject("tsig"));
    }

    @AfterAll
    static void stopSecondaries() {
        if (bind != null) {
            bind.stop();
            knot.stop();
            bind = null;
            knot = null;
        }
    }

    @Test
    void bothSecondariesAreNotifiedOfTheNewZoneAndOfEveryChange() throws Exception {
        String zone = zoneName("n");
        follow(zone);
        long serial = create(zone, bothSecondaries());
        for (SecondaryServer secondary : List.of(bind, knot)) {
            secondary.awaitSerial(zone, serial, NOTIFIED_WITHIN);
            assertEquals(
                    Set.of("192.0.2.10"),
                    answers(secondary, "www." + zone, Type.A),
                    secondary.kind().name());
            assertEquals(Set.of("192.0.2.129"), answers(secondary, "host29." + zone, Type.A));
        }

        long added = addRecord(zone, "late", "192.0.2.77");
        assertTrue(added > serial, added + " after " + serial);
        for (SecondaryServer secondary : List.of(bind, knot, FleetSecondary.server())) {
            assertEquals(
                    added,
                    secondary.awaitSerial(zone, added, NOTIFIED_WITHIN),
                    secondary.kind().name());
            assertEquals(
                    Set.of("192.0.2.77"),
                    answers(secondary, "late." + zone, Type.A),
                    secondary.kind().name());
        }

        // An IXFR from the old serial, asked at the primary by an allowed address
        List<String> ixfr = records(dig("-b", BIND_ADDRESS, zone, "ixfr=" + serial));
        assertTrue(ixfr.size() >= 3, String.join("\n", ixfr));
        assertEquals(added, soaSerial(ixfr.get(0)), ixfr.get(0));
        if (answersIncrementally()) {
            // SOA new, SOA old (deleted: nothing else), SOA new, the record added, SOA new
            assertEquals(serial, soaSerial(ixfr.get(1)), "an incremental transfer:\n" + String.join("\n", ixfr));
            assertEquals(5, ixfr.size(), String.join("\n", ixfr));
            assertTrue(ixfr.get(3).startsWith("late." + zone + "."), String.join("\n", ixfr));
        } else {
            // the whole zone, as an AXFR is: SOA new, every record, SOA new
            assertFalse(ixfr.get(1).contains("\tSOA\t"), "a whole zone:\n" + String.join("\n", ixfr));
            assertEquals(added, soaSerial(ixfr.get(ixfr.size() - 1)));
            assertTrue(ixfr.size() > 30, String.join("\n", ixfr));
        }
    }

    @Test
    void onlyTheListedAddressAndTheRightKeyMayTransfer() throws Exception {
        String zone = zoneName("a");
        follow(zone);
        long serial = create(zone, bothSecondaries());
        bind.awaitSerial(zone, serial, NOTIFIED_WITHIN);

        String allowed = dig("-b", BIND_ADDRESS, zone, "axfr");
        assertEquals(serial, soaSerial(records(allowed).get(0)), allowed);
        assertRefused(dig("-b", "127.0.0.9", zone, "axfr"), "an address no secondary has");
        assertRefused(dig("-b", KNOT_ADDRESS, zone, "axfr"), "the address of a secondary with a key, without the key");
        String wrongSecret = java.util.Base64.getEncoder()
                .encodeToString(UUID.randomUUID().toString().getBytes(StandardCharsets.US_ASCII));
        assertRefused(
                dig("-b", "127.0.0.9", "-y", key.algorithm() + ":" + key.name() + ":" + wrongSecret, zone, "axfr"),
                "the key's name with another secret");
        String signed = dig("-b", "127.0.0.9", "-y", key.digArgument(), zone, "axfr");
        List<String> transferred = records(signed);
        assertFalse(transferred.isEmpty(), signed);
        assertEquals(serial, soaSerial(transferred.get(0)), signed);
        assertTrue(transferred.stream().anyMatch(r -> r.startsWith("www." + zone + ".")), signed);
    }

    @Test
    void aChangedListOfSecondariesTakesEffect() throws Exception {
        String zone = zoneName("c");
        follow(zone);
        bind.awaitSerial(zone, create(zone, bothSecondaries()), NOTIFIED_WITHIN);
        assertFalse(records(dig("-b", BIND_ADDRESS, zone, "axfr")).isEmpty(), "listed: may transfer");

        JsonArrayBuilder knotOnly = Json.createArrayBuilder().add(knotSecondary());
        Api.Response updated = api.json(
                "PUT",
                "/api/v1/dns/zones/update",
                Json.createObjectBuilder()
                        .add("zone", zone)
                        .add("secondaries", knotOnly)
                        .build());
        assertEquals(200, updated.status(), updated.body());
        await(
                () -> dig("-b", BIND_ADDRESS, zone, "axfr").contains("; Transfer failed."),
                "127.0.0.2 refused once removed");
        assertFalse(
                records(dig("-b", "127.0.0.9", "-y", key.digArgument(), zone, "axfr"))
                        .isEmpty(),
                "the key still may");

        long added = addRecord(zone, "after", "192.0.2.78");
        assertEquals(added, knot.awaitSerial(zone, added, NOTIFIED_WITHIN), "the remaining secondary follows");
    }

    @Test
    void aSignedZoneIsServedSignedByTheSecondariesAndValidatesThere() throws Exception {
        String zone = zoneName("s");
        follow(zone);
        long serial = create(zone, bothSecondaries());
        bind.awaitSerial(zone, serial, NOTIFIED_WITHIN);
        knot.awaitSerial(zone, serial, NOTIFIED_WITHIN);

        DnssecProbe primary = new DnssecProbe(api, primaryPort());
        Api.Response enabled = primary.post("enable", zone);
        assertEquals(200, enabled.status(), enabled.body());
        Set<String> ds = DnssecProbe.ds(primary.awaitState(zone, "signed"));
        Set<String> keys = primary.served(zone, Type.DNSKEY);
        assertFalse(keys.isEmpty());

        for (SecondaryServer secondary : List.of(bind, knot)) {
            DnssecProbe probe = new DnssecProbe(api, secondary.address(), secondary.port());
            await(
                    () -> {
                        try {
                            return probe.served(zone, Type.DNSKEY).equals(keys);
                        } catch (IOException e) {
                            return false;
                        }
                    },
                    secondary.kind() + " serves the primary's DNSKEY");
            assertTrue(
                    secondary.ask("www." + zone, Type.A).getSection(org.xbill.DNS.Section.ANSWER).stream()
                            .anyMatch(r -> r.getType() == Type.RRSIG),
                    secondary.kind() + " answers with signatures");
            probe.assertValidated(zone, "www." + zone, "A", "192.0.2.10", ds);
            probe.assertValidatedNegative(zone, "missing." + zone, ds);
        }
    }

    /** A zone of 30 hosts and more (an IXFR of one record is then smaller than the zone, as BIND requires). */
    long create(String zone, JsonArrayBuilder secondaries) {
        JsonArrayBuilder records = Json.createArrayBuilder().add(DnsTestZone.record("www", "A", "192.0.2.10"));
        for (int i = 0; i < 30; i++) {
            records.add(DnsTestZone.record("host" + i, "A", "192.0.2." + (100 + i)));
        }
        Api.Response created = api.json(
                "POST",
                "/api/v1/dns/zones/create",
                Json.createObjectBuilder()
                        .add("name", zone)
                        .add("records", records)
                        .add("secondaries", secondaries)
                        .build());
        assertEquals(201, created.status(), created.body());
        return serial(created.data().getJsonObject("zone"));
    }

    JsonArrayBuilder bothSecondaries() {
        return Json.createArrayBuilder()
                .add(Json.createObjectBuilder().add("address", BIND_ADDRESS).add("port", bind.port()))
                .add(knotSecondary());
    }

    private JsonObject knotSecondary() {
        return Json.createObjectBuilder()
                .add("address", KNOT_ADDRESS)
                .add("port", knot.port())
                .add("key", key.name())
                .build();
    }

    /** BIND follows the zone by its address, Knot with the account's key. */
    void follow(String zone) {
        bind.follow(zone);
        knot.follow(zone, key);
    }

    long addRecord(String zone, String name, String address) {
        Api.Response added = api.json(
                "POST",
                "/api/v1/dns/zones/records/add",
                Json.createObjectBuilder()
                        .add("zone", zone)
                        .add("records", Json.createArrayBuilder().add(DnsTestZone.record(name, "A", address)))
                        .build());
        assertEquals(200, added.status(), added.body());
        return serial(added.data().getJsonObject("zone"));
    }

    private static long serial(JsonObject zone) {
        return Long.parseLong(zone.get("serial").toString().replace("\"", ""));
    }

    static String zoneName(String prefix) {
        return "x" + prefix + UUID.randomUUID().toString().replace("-", "").substring(0, 12) + ".example";
    }

    private static Set<String> answers(SecondaryServer secondary, String name, int type) {
        Set<String> rdata = new TreeSet<>();
        for (Record record : secondary.query(name, type)) {
            rdata.add(record.rdataToString());
        }
        return rdata;
    }

    /** dig at the primary over TCP, the question last: its whole output. */
    String dig(String... arguments) {
        List<String> command = new ArrayList<>(List.of("dig", "@127.0.0.1", "-p", Integer.toString(primaryPort())));
        command.addAll(List.of(arguments));
        command.add("+tries=1");
        command.add("+time=5");
        try {
            Process dig = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(dig.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!dig.waitFor(30, TimeUnit.SECONDS)) {
                dig.destroyForcibly();
                throw new AssertionError("dig did not finish: " + String.join(" ", command));
            }
            return output;
        } catch (IOException e) {
            throw new AssertionError("dig is missing: apt-get install bind9-dnsutils (README, Prerequisites)", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** The records of dig's output, each as dig prints it (tabs between fields), TSIG records left out. */
    static List<String> records(String output) {
        return output.lines()
                .filter(l -> !l.isBlank() && !l.startsWith(";"))
                .filter(l -> !l.contains("\tTSIG\t") && !l.contains(" TSIG "))
                .toList();
    }

    static long soaSerial(String line) {
        String[] fields = line.split("\\s+");
        assertEquals("SOA", fields[3].toUpperCase(Locale.ROOT), line);
        return Long.parseLong(fields[6]);
    }

    /** dig's answer to a transfer the primary refused: no record, "Transfer failed". */
    static void assertRefused(String output, String who) {
        assertTrue(records(output).isEmpty(), who + " may not transfer:\n" + output);
        assertTrue(output.contains("; Transfer failed."), who + " may not transfer:\n" + output);
    }

    static void await(Supplier<Boolean> condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() < deadline) {
            if (condition.get()) {
                return;
            }
            Thread.sleep(200);
        }
        throw new AssertionError("Not within 30 s: " + what);
    }
}
