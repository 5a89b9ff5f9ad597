package net.hostingapi.nameserver;

import static net.hostingapi.zones.ZonesIT.record;
import static net.hostingapi.zones.ZonesIT.records;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.net.URL;
import java.time.Duration;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.function.Supplier;
import net.hostingapi.support.Api;
import net.hostingapi.support.Deployments;
import net.hostingapi.support.MariaDbExtension;
import net.hostingapi.support.PowerDnsServer;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.xbill.DNS.DClass;
import org.xbill.DNS.Flags;
import org.xbill.DNS.Message;
import org.xbill.DNS.Name;
import org.xbill.DNS.Rcode;
import org.xbill.DNS.Record;
import org.xbill.DNS.Section;
import org.xbill.DNS.SimpleResolver;
import org.xbill.DNS.Type;
import org.xbill.DNS.ZoneTransferIn;

/**
 * The service publishing to a real PowerDNS: after each operation the nameserver answers exactly
 * the zone's records, SOA serial included; changes made while it is down arrive when it is back.
 */
@ExtendWith(MariaDbExtension.class)
@ExtendWith(PowerDnsExtension.class)
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class PowerDnsIT {

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.service();
    }

    @ArquillianResource
    URL base;

    Api api;

    @BeforeEach
    void newCustomer() {
        api = Api.at(base).newCustomer().api();
    }

    @Test
    void everyOperationReachesTheNameserver() throws Exception {
        String name = zoneName();
        Api.Response created = api.json(
                "POST",
                "/api/v1/dns/zones/create",
                Json.createObjectBuilder()
                        .add("name", name)
                        .add(
                                "records",
                                records(
                                        record("www", "A", "192.0.2.1", null),
                                        record("@", "MX", "10 mail.example.org", 600),
                                        record("@", "TXT", "hello world", null),
                                        record("v6", "AAAA", "2001:db8::1", null)))
                        .build());
        assertEquals(201, created.status(), created.body());
        assertServed(name, name);

        assertEquals(
                200,
                api.json(
                                "POST",
                                "/api/v1/dns/zones/records/add",
                                Json.createObjectBuilder()
                                        .add("zone", name)
                                        .add(
                                                "records",
                                                records(
                                                        record("mail", "A", "192.0.2.2", null),
                                                        record("alias", "CNAME", "www." + name, null)))
                                        .build())
                        .status());
        assertServed(name, name);

        assertEquals(
                200,
                api.json(
                                "DELETE",
                                "/api/v1/dns/zones/records/delete",
                                Json.createObjectBuilder()
                                        .add("zone", name)
                                        .add(
                                                "records",
                                                Json.createArrayBuilder()
                                                        .add(Json.createObjectBuilder()
                                                                .add("name", "www")
                                                                .add("type", "A")))
                                        .build())
                        .status());
        assertServed(name, name);

        assertEquals(
                200,
                api.json(
                                "PUT",
                                "/api/v1/dns/zones/update",
                                Json.createObjectBuilder()
                                        .add("zone", name)
                                        .add("ttl", 900)
                                        .add(
                                                "records",
                                                records(
                                                        record("only", "A", "192.0.2.9", null),
                                                        record("go", "HTTP_REDIRECT", "https://example.org/", null)))
                                        .build())
                        .status());
        assertServed(name, name);

        String domain = "d-" + name;
        assertEquals(
                200,
                api.json(
                                "POST",
                                "/api/v1/dns/zones/" + name + "/assignDomain",
                                Json.createObjectBuilder()
                                        .add("domainName", domain)
                                        .build())
                        .status());
        assertServed(name, name);
        assertServed(name, domain);

        Api.Response refreshed = api.json(
                "POST",
                "/api/v1/dns/zones/refresh",
                Json.createObjectBuilder()
                        .add("zone", name)
                        .add("forceDelete", true)
                        .build());
        assertEquals(200, refreshed.status(), refreshed.body());
        assertEquals(expected(zone(name), name), served(name), "refresh answers once the nameserver has it");

        assertEquals(
                200,
                api.json(
                                "POST",
                                "/api/v1/dns/zones/" + name + "/dissociateDomain",
                                Json.createObjectBuilder()
                                        .add("domainName", domain)
                                        .build())
                        .status());
        await(() -> PowerDnsExtension.server().soaSerial(domain) == null, "the dissociated domain is no longer served");

        assertEquals(
                200,
                api.json(
                                "DELETE",
                                "/api/v1/dns/zones/delete",
                                Json.createObjectBuilder().add("zone", name).build())
                        .status());
        await(() -> PowerDnsExtension.server().soaSerial(name) == null, "the deleted zone is no longer served");
    }

    /**
     * A refresh right after a change races the worker publishing that change: both used to create
     * the zone at PowerDNS at once (409 Conflict, or 500 from its unique key). Every refresh is 200,
     * and what is served afterwards is the zone's final state.
     */
    @Test
    void aRefreshRightAfterAChangeAlwaysSucceeds() throws Exception {
        for (int i = 0; i < 40; i++) {
            String name = zoneName();
            Api.Response created = api.json(
                    "POST",
                    "/api/v1/dns/zones/create",
                    Json.createObjectBuilder()
                            .add("name", name)
                            .add("records", records(record("www", "A", "192.0.2.1", null)))
                            .build());
            assertEquals(201, created.status(), created.body());
            if (i % 2 == 1) {
                Api.Response added = api.json(
                        "POST",
                        "/api/v1/dns/zones/records/add",
                        Json.createObjectBuilder()
                                .add("zone", name)
                                .add("records", records(record("r" + i, "A", "192.0.2.2", null)))
                                .build());
                assertEquals(200, added.status(), added.body());
            }
            Api.Response refreshed = api.json(
                    "POST",
                    "/api/v1/dns/zones/refresh",
                    Json.createObjectBuilder().add("zone", name).build());
            assertEquals(200, refreshed.status(), "round " + i + ": " + refreshed.body());
            assertEquals(expected(zone(name), name), served(name), "round " + i + ": served as stored");
        }
    }

    /**
     * Writers, refreshes and the outbox worker publishing one zone at once: no publisher may write
     * an older state over a newer one (and then clear the outbox, leaving the older one served).
     * Once the writers are done, the nameserver serves the final state, without any further refresh.
     */
    @Test
    void concurrentPublishersNeverLeaveAnOlderStateServed() throws Exception {
        String name = zoneName();
        assertEquals(
                201,
                api.json(
                                "POST",
                                "/api/v1/dns/zones/create",
                                Json.createObjectBuilder().add("name", name).build())
                        .status());
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(8);
        try {
            java.util.List<java.util.concurrent.Future<Integer>> answers = new java.util.ArrayList<>();
            for (int writer = 0; writer < 6; writer++) {
                int w = writer;
                answers.add(pool.submit(() -> {
                    for (int i = 0; i < 12; i++) {
                        Api.Response added = api.json(
                                "POST",
                                "/api/v1/dns/zones/records/add",
                                Json.createObjectBuilder()
                                        .add("zone", name)
                                        .add(
                                                "records",
                                                records(record(
                                                        "w" + w + "-" + i, "A", "192.0.2." + (w * 12 + i + 1), null)))
                                        .build());
                        if (added.status() != 200) {
                            return added.status();
                        }
                    }
                    return 200;
                }));
            }
            for (int refresher = 0; refresher < 2; refresher++) {
                answers.add(pool.submit(() -> {
                    for (int i = 0; i < 12; i++) {
                        int status = api.json(
                                        "POST",
                                        "/api/v1/dns/zones/refresh",
                                        Json.createObjectBuilder()
                                                .add("zone", name)
                                                .build())
                                .status();
                        if (status != 200) {
                            return status;
                        }
                    }
                    return 200;
                }));
            }
            for (java.util.concurrent.Future<Integer> answer : answers) {
                assertEquals(200, answer.get());
            }
        } finally {
            pool.shutdownNow();
        }
        JsonObject stored = zone(name);
        assertEquals(72, stored.getJsonArray("records").size());
        await(
                () -> {
                    try {
                        return expected(stored, name).equals(served(name));
                    } catch (Exception e) {
                        return false;
                    }
                },
                "the final state served");
    }

    @Test
    void changesMadeWhileTheNameserverIsDownArriveWhenItIsBack() throws Exception {
        String name = zoneName();
        assertEquals(
                201,
                api.json(
                                "POST",
                                "/api/v1/dns/zones/create",
                                Json.createObjectBuilder().add("name", name).build())
                        .status());
        assertServed(name, name);
        PowerDnsServer pdns = PowerDnsExtension.server();
        pdns.stop();
        try {
            for (int i = 0; i < 10; i++) {
                Api.Response added = api.json(
                        "POST",
                        "/api/v1/dns/zones/records/add",
                        Json.createObjectBuilder()
                                .add("zone", name)
                                .add("records", records(record("h" + i, "A", "192.0.2." + (i + 1), null)))
                                .build());
                assertEquals(200, added.status(), "the API does not wait for the nameserver: " + added.body());
            }
            Api.Response refresh = api.json(
                    "POST",
                    "/api/v1/dns/zones/refresh",
                    Json.createObjectBuilder().add("zone", name).build());
            assertEquals(503, refresh.status(), refresh.body());
            assertTrue(Integer.parseInt(refresh.header("Retry-After")) > 0);
            Api.Response health = Api.at(base).get("/health");
            assertEquals(503, health.status(), health.body());
            assertTrue(health.body().contains("\"nameserver\""), health.body());
            // names the publisher in use (the producer hands out a proxy, which no instanceof recognises)
            assertTrue(health.body().contains("\"publisher\":\"powerdns\""), health.body());
        } finally {
            pdns.start();
        }
        assertServed(name, name);
        assertEquals(10, zone(name).getJsonArray("records").size());
        await(() -> Api.at(base).get("/health").status() == 200, "health is UP again with an empty backlog");
    }

    /**
     * A change of records sends PowerDNS the SOA and the RRsets it touched, not the whole zone: an
     * RRset someone put into PowerDNS beside the service stays served through additions and
     * deletions, under the zone's name and an assigned domain's (a publication of the whole zone
     * removes it), until a refresh brings the whole zone back to its stored state.
     */
    @Test
    void aChangeOfRecordsPublishesOnlyTheRrsetsItTouched() throws Exception {
        String name = zoneName();
        String domain = "d-" + name;
        Api.Response created = api.json(
                "POST",
                "/api/v1/dns/zones/create",
                Json.createObjectBuilder()
                        .add("name", name)
                        .add(
                                "records",
                                records(
                                        record("www", "A", "192.0.2.1", null),
                                        record("www", "TXT", "kept", null),
                                        record("@", "MX", "10 mail.example.org", null)))
                        .build());
        assertEquals(201, created.status(), created.body());
        Api.Response assigned = api.json(
                "POST",
                "/api/v1/dns/zones/" + name + "/assignDomain",
                Json.createObjectBuilder().add("domainName", domain).build());
        assertEquals(200, assigned.status(), assigned.body());
        assertServed(name, name);
        assertServed(name, domain);
        for (String origin : new String[] {name, domain}) {
            assertEquals(
                    204,
                    powerDns(
                                    "PATCH",
                                    origin,
                                    Json.createObjectBuilder()
                                            .add(
                                                    "rrsets",
                                                    Json.createArrayBuilder()
                                                            .add(Json.createObjectBuilder()
                                                                    .add("name", "stray." + origin + ".")
                                                                    .add("type", "TXT")
                                                                    .add("ttl", 300)
                                                                    .add("changetype", "REPLACE")
                                                                    .add(
                                                                            "records",
                                                                            Json.createArrayBuilder()
                                                                                    .add(Json.createObjectBuilder()
                                                                                            .add(
                                                                                                    "content",
                                                                                                    "\"not the service's\"")
                                                                                            .add("disabled", false)))))
                                            .build())
                            .statusCode());
        }

        Api.Response added = api.json(
                "POST",
                "/api/v1/dns/zones/records/add",
                Json.createObjectBuilder()
                        .add("zone", name)
                        .add(
                                "records",
                                records(
                                        record("www", "A", "192.0.2.2", null),
                                        record("mail", "A", "192.0.2.3", null),
                                        record("@", "NS", "ns.elsewhere.example.org", null),
                                        record("@", "MX", "10 mail.example.org", 600)))
                        .build());
        assertEquals(200, added.status(), added.body());
        for (String origin : new String[] {name, domain}) {
            assertServedBeside(name, origin, Set.of(normal("stray." + origin + " TXT not the service's")));
        }

        Api.Response deleted = api.json(
                "DELETE",
                "/api/v1/dns/zones/records/delete",
                Json.createObjectBuilder()
                        .add("zone", name)
                        .add(
                                "records",
                                Json.createArrayBuilder()
                                        .add(Json.createObjectBuilder()
                                                .add("name", "www")
                                                .add("type", "A"))
                                        .add(Json.createObjectBuilder()
                                                .add("name", "@")
                                                .add("type", "NS")))
                        .build());
        assertEquals(200, deleted.status(), deleted.body());
        for (String origin : new String[] {name, domain}) {
            assertServedBeside(name, origin, Set.of(normal("stray." + origin + " TXT not the service's")));
        }

        Api.Response refreshed = api.json(
                "POST",
                "/api/v1/dns/zones/refresh",
                Json.createObjectBuilder().add("zone", name).build());
        assertEquals(200, refreshed.status(), refreshed.body());
        assertEquals(expected(zone(name), name), served(name), "a refresh publishes the whole zone");
    }

    /**
     * PowerDNS rectifies a zone only for a change that needs it: names below names answer as empty
     * non-terminals, a delegation and its glue as a referral, and a change of names right below the
     * apex leaves the zone's API-RECTIFY off (a rectification reads the whole zone back).
     */
    @Test
    void aZoneIsRectifiedForTheChangesThatNeedIt() throws Exception {
        String name = zoneName();
        create(name, record("www", "A", "192.0.2.1", null));
        assertServed(name, name);
        assertEquals("0", PowerDnsExtension.server().metadata(name, "API-RECTIFY"), "a zone of names below its apex");

        add(name, record("mail", "A", "192.0.2.2", null));
        assertServed(name, name);
        assertEquals("0", PowerDnsExtension.server().metadata(name, "API-RECTIFY"), "a name below the apex added");

        add(name, record("sel._domainkey", "TXT", "v=DKIM1", null));
        assertServed(name, name);
        assertEquals(Rcode.NOERROR, ask("_domainkey." + name, Type.TXT).getRcode(), "an empty non-terminal");
        assertEquals(Rcode.NXDOMAIN, ask("nothing." + name, Type.TXT).getRcode());

        add(name, record("sub", "NS", "ns.sub." + name, null), record("ns.sub", "A", "192.0.2.53", null));
        assertServed(name, name);
        for (String below : new String[] {"sub." + name, "ns.sub." + name}) {
            Message referral = ask(below, Type.A);
            assertEquals(Rcode.NOERROR, referral.getRcode(), below);
            assertFalse(
                    referral.getHeader().getFlag(Flags.AA), below + " is answered by a referral, not authoritatively");
            assertEquals(0, referral.getSection(Section.ANSWER).size(), below);
            assertTrue(
                    referral.getSection(Section.AUTHORITY).stream().anyMatch(r -> r.getType() == Type.NS),
                    below + " is delegated");
        }
        assertTrue(ask("www." + name, Type.A).getHeader().getFlag(Flags.AA));

        Api.Response deleted = api.json(
                "DELETE",
                "/api/v1/dns/zones/records/delete",
                Json.createObjectBuilder()
                        .add("zone", name)
                        .add(
                                "records",
                                Json.createArrayBuilder()
                                        .add(Json.createObjectBuilder()
                                                .add("name", "sel._domainkey")
                                                .add("type", "TXT")))
                        .build());
        assertEquals(200, deleted.status(), deleted.body());
        assertServed(name, name);
        assertEquals(Rcode.NXDOMAIN, ask("_domainkey." + name, Type.TXT).getRcode(), "no name below it is left");
        assertEquals("0", PowerDnsExtension.server().metadata(name, "API-RECTIFY"), "off again after each");
    }

    private void create(String zone, jakarta.json.JsonObjectBuilder... records) {
        change("/api/v1/dns/zones/create", "name", zone, 201, records);
    }

    private void add(String zone, jakarta.json.JsonObjectBuilder... records) {
        change("/api/v1/dns/zones/records/add", "zone", zone, 200, records);
    }

    /** A POST of records to a zone, named under {@code zoneField}, answered with {@code status}. */
    private void change(
            String path, String zoneField, String zone, int status, jakarta.json.JsonObjectBuilder... records) {
        Api.Response response = api.json(
                "POST",
                path,
                Json.createObjectBuilder()
                        .add(zoneField, zone)
                        .add("records", records(records))
                        .build());
        assertEquals(status, response.status(), response.body());
    }

    /** PowerDNS's answer to one query, over UDP. */
    private static Message ask(String name, int type) throws Exception {
        SimpleResolver resolver = new SimpleResolver("127.0.0.1");
        resolver.setPort(PowerDnsExtension.server().dnsPort());
        resolver.setTimeout(Duration.ofSeconds(2));
        return resolver.send(Message.newQuery(Record.newRecord(Name.fromString(name + "."), type, DClass.IN)));
    }

    /** PowerDNS lost the zone (deleted there by hand): the next change of a record publishes it whole. */
    @Test
    void aChangeOfRecordsToAZoneTheNameserverLostPublishesItWhole() throws Exception {
        String name = zoneName();
        create(name, record("www", "A", "192.0.2.1", null));
        assertServed(name, name);
        assertEquals(204, powerDns("DELETE", name, null).statusCode());
        await(() -> PowerDnsExtension.server().soaSerial(name) == null, "the zone deleted at PowerDNS");

        Api.Response added = api.json(
                "POST",
                "/api/v1/dns/zones/records/add",
                Json.createObjectBuilder()
                        .add("zone", name)
                        .add("records", records(record("mail", "A", "192.0.2.2", null)))
                        .build());
        assertEquals(200, added.status(), added.body());
        assertServed(name, name);
    }

    /** A call of PowerDNS's own API on the zone {@code origin}. */
    private static java.net.http.HttpResponse<String> powerDns(String method, String origin, JsonObject body)
            throws Exception {
        java.net.http.HttpRequest request = java.net.http.HttpRequest.newBuilder(java.net.URI.create(
                        PowerDnsExtension.server().apiUrl() + "/api/v1/servers/localhost/zones/" + origin + "."))
                .header("X-API-Key", PowerDnsServer.API_KEY)
                .header("Content-Type", "application/json")
                .method(
                        method,
                        body == null
                                ? java.net.http.HttpRequest.BodyPublishers.noBody()
                                : java.net.http.HttpRequest.BodyPublishers.ofString(body.toString()))
                .build();
        java.net.http.HttpClient client = java.net.http.HttpClient.newHttpClient();
        java.net.http.HttpResponse<String> response =
                client.send(request, java.net.http.HttpResponse.BodyHandlers.ofString());
        // as the service does: a 500 is SQLite's "database is locked" against a concurrent
        // writer (the service publishing the catalog, PowerDNS noting a NOTIFY); nothing changed
        for (int retry = 0; retry < 3 && response.statusCode() == 500; retry++) {
            Thread.sleep(50L << retry);
            response = client.send(request, java.net.http.HttpResponse.BodyHandlers.ofString());
        }
        return response;
    }

    // ---- what the nameserver serves

    /** Served under {@code origin} with the zone's serial: its records and {@code beside}, nothing else. */
    private void assertServedBeside(String zone, String origin, Set<String> beside) throws Exception {
        JsonObject stored = zone(zone);
        long serial = Long.parseLong(stored.getString("serial"));
        await(
                () -> {
                    Long served = PowerDnsExtension.server().soaSerial(origin);
                    return served != null && served == serial;
                },
                origin + " served with serial " + serial);
        Set<String> expected = new TreeSet<>(expected(stored, origin));
        expected.addAll(beside);
        assertEquals(expected, served(origin));
    }

    private void assertServed(String zone, String origin) throws Exception {
        assertServedBeside(zone, origin, Set.of());
    }

    /** The records the zone should have on the nameserver, as "owner TYPE rdata", normalised. */
    private Set<String> expected(JsonObject zone, String origin) {
        Set<String> expected = new TreeSet<>();
        expected.add(normal(origin + " NS " + zone.getString("ns_first")));
        expected.add(normal(origin + " NS " + zone.getString("ns_second")));
        for (JsonObject r : zone.getJsonArray("records").getValuesAs(JsonObject.class)) {
            String owner = r.getString("name").equals("@") ? origin : r.getString("name") + "." + origin;
            String type = r.getString("type");
            String data = r.getString("data");
            if (type.startsWith("HTTP_")) {
                type = "A";
                data = "127.0.0.1";
            } else if (type.equals("AAAA")) {
                data = ipv6(data); // dnsjava prints AAAA uncompressed
            }
            expected.add(normal(owner + " " + type + " " + data));
        }
        return expected;
    }

    private Set<String> served(String origin) throws Exception {
        ZoneTransferIn transfer = ZoneTransferIn.newAXFR(
                Name.fromString(origin + "."),
                "127.0.0.1",
                PowerDnsExtension.server().dnsPort(),
                null);
        transfer.setTimeout(Duration.ofSeconds(10));
        transfer.run();
        Set<String> served = new TreeSet<>();
        for (Record r : transfer.getAXFR()) {
            if (r.getType() != Type.SOA) {
                served.add(normal(r.getName().toString() + " " + Type.string(r.getType()) + " " + r.rdataToString()));
            }
        }
        return served;
    }

    private static String ipv6(String address) {
        try {
            return java.net.InetAddress.getByName(address).getHostAddress();
        } catch (java.net.UnknownHostException e) {
            throw new AssertionError(e);
        }
    }

    private static String normal(String record) {
        return record.toLowerCase(Locale.ROOT)
                .replace("\"", "")
                .replaceAll("\\.(\\s|$)", "$1")
                .trim();
    }

    private JsonObject zone(String name) {
        Api.Response shown = api.get("/api/v1/dns/zones/show?zone=" + name);
        assertEquals(200, shown.status(), shown.body());
        return shown.data().getJsonObject("zone");
    }

    private static void await(Supplier<Boolean> condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < deadline) {
            if (condition.get()) {
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("Not within 60 s: " + what);
    }

    private static String zoneName() {
        return "p" + UUID.randomUUID().toString().replace("-", "").substring(0, 12) + ".example";
    }
}
