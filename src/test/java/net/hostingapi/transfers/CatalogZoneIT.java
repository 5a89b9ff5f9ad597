package net.hostingapi.transfers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import java.io.IOException;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import net.hostingapi.nameserver.BindExtension;
import net.hostingapi.nameserver.PowerDnsExtension;
import net.hostingapi.support.Api;
import net.hostingapi.support.Deployments;
import net.hostingapi.support.DnsTestZone;
import net.hostingapi.support.FleetSecondary;
import net.hostingapi.support.MariaDbExtension;
import net.hostingapi.support.PowerDnsServer;
import net.hostingapi.support.SecondaryServer;
import org.jboss.arquillian.container.test.api.Deployer;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.xbill.DNS.Name;
import org.xbill.DNS.PTRRecord;
import org.xbill.DNS.Record;
import org.xbill.DNS.SOARecord;
import org.xbill.DNS.TSIG;
import org.xbill.DNS.TXTRecord;
import org.xbill.DNS.Type;
import org.xbill.DNS.ZoneTransferException;
import org.xbill.DNS.ZoneTransferIn;

/**
 * The catalog zone (catalog.md) followed by the operator's fleet, a BIND secondary configured with
 * nothing but the catalog ({@link FleetSecondary}): a zone created through the API, or a domain
 * assigned, is served by it within seconds, one deleted or dissociated no longer; the catalog keeps
 * its serial and its members' labels across a restart of the service, which publishes it at start
 * even to a nameserver that lost it. Run by the build's powerdns and bind failsafe executions,
 * which configure the service with the fleet and the catalog.
 *
 * <p>The service is deployed by the tests (not {@code managed}), so that one can stop and start it;
 * each test takes the service's address as a parameter, resolved once the service runs (it gets
 * another port at every start).
 */
@ExtendWith(MariaDbExtension.class)
@ExtendWith(CatalogZoneIT.ExecutionsNameserver.class)
@ExtendWith(FleetSecondary.class)
@ExtendWith(ArquillianExtension.class)
@RunAsClient
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class CatalogZoneIT {

    private static final String SERVICE = "service";
    private static final Duration WITHIN = Duration.ofSeconds(30);

    /** Whether this class deployed the service (once for all its tests, again after the restart). */
    private static boolean deployed;

    /** The catalog as the nameserver served it before the restart: the test after it compares. */
    private static Catalog beforeRestart;

    @Deployment(name = SERVICE, managed = false, testable = false)
    static WebArchive deployment() {
        return Deployments.service();
    }

    @ArquillianResource
    Deployer deployer;

    /** The execution's nameserver: PowerDNS in the powerdns execution, BIND in the bind one. */
    static class ExecutionsNameserver implements BeforeAllCallback {
        @Override
        public void beforeAll(ExtensionContext context) throws Exception {
            if (System.getenv("PDNS_API_URL") != null) {
                new PowerDnsExtension().beforeAll(context);
            } else if (System.getenv("ZONE_RELOAD_COMMAND") != null) {
                new BindExtension().beforeAll(context);
            } else {
                throw new AssertionError("CatalogZoneIT runs in the build's powerdns and bind failsafe executions");
            }
        }
    }

    @BeforeEach
    void serviceRuns() throws Exception {
        if (!deployed) {
            deployer.deploy(SERVICE);
            deployed = true;
        }
    }

    @Test
    @Order(1)
    void aZoneCreatedThroughTheApiIsServedByTheFleetAndGoneOnceDeleted(@ArquillianResource URL base) throws Exception {
        DnsTestZone zone = DnsTestZone.create(base, DnsTestZone.record("www", "A", "192.0.2.41"));
        SecondaryServer fleet = FleetSecondary.server();
        fleet.awaitSerial(zone.name(), zone.serial(), WITHIN);
        assertEquals(List.of("192.0.2.41"), addresses(fleet, "www." + zone.name()));
        assertFalse(
                Files.readString(fleet.directory().resolve("named.conf")).contains(zone.name()),
                "the fleet's configuration names the catalog only");
        assertTrue(catalogAtPrimary().members().containsValue(zone.name()));

        assertEquals(
                200,
                zone.api()
                        .json(
                                "DELETE",
                                "/api/v1/dns/zones/delete",
                                Json.createObjectBuilder()
                                        .add("zone", zone.name())
                                        .build())
                        .status());
        until(() -> fleet.soaSerial(zone.name()).isEmpty(), "the fleet no longer serves the deleted zone");
        assertFalse(catalogAtPrimary().members().containsValue(zone.name()));
    }

    @Test
    @Order(2)
    void anAssignedDomainIsServedByTheFleetUntilItIsDissociated(@ArquillianResource URL base) throws Exception {
        DnsTestZone zone = DnsTestZone.create(base, DnsTestZone.record("mail", "A", "192.0.2.42"));
        String domain = "d-" + zone.name();
        assertEquals(
                200,
                zone.api()
                        .json(
                                "POST",
                                "/api/v1/dns/zones/" + zone.name() + "/assignDomain",
                                Json.createObjectBuilder()
                                        .add("domainName", domain)
                                        .build())
                        .status());
        SecondaryServer fleet = FleetSecondary.server();
        until(
                () -> fleet.soaSerial(domain).isPresent()
                        && addresses(fleet, "mail." + domain).equals(List.of("192.0.2.42")),
                "the fleet serves the assigned domain with the zone's records");

        assertEquals(
                200,
                zone.api()
                        .json(
                                "POST",
                                "/api/v1/dns/zones/" + zone.name() + "/dissociateDomain",
                                Json.createObjectBuilder()
                                        .add("domainName", domain)
                                        .build())
                        .status());
        until(() -> fleet.soaSerial(domain).isEmpty(), "the fleet no longer serves the dissociated domain");
        assertTrue(fleet.soaSerial(zone.name()).isPresent(), "the zone itself stays");
    }

    /**
     * The catalog's name and the names below it are no customer's (422 on the name), and the
     * nameserver serves the catalog still, without a customer's records under its name.
     */
    @Test
    @Order(3)
    void theCatalogsNameAndTheNamesBelowItAreNoCustomersZones(@ArquillianResource URL base) throws Exception {
        Catalog before = catalogAtPrimary();
        Api customer = Api.at(base).newCustomer().api();
        Api.Response created = customer.json(
                "POST",
                "/api/v1/dns/zones/create",
                Json.createObjectBuilder()
                        .add("name", FleetSecondary.catalogZone())
                        .add(
                                "records",
                                Json.createArrayBuilder()
                                        .add(DnsTestZone.record("version", "TXT", "1"))
                                        .add(DnsTestZone.record("www", "A", "192.0.2.45")))
                        .build());
        assertEquals(422, created.status(), created.toString());
        assertTrue(created.toString().contains("reserved for the service's catalog zone"), created.toString());
        Api.Response below = customer.json(
                "POST",
                "/api/v1/dns/zones/create",
                Json.createObjectBuilder()
                        .add("name", "x.zones." + FleetSecondary.catalogZone())
                        .build());
        assertEquals(422, below.status(), below.toString());
        // published after the zone above, if that was created: once it is served, so would that be
        DnsTestZone later = DnsTestZone.create(base, DnsTestZone.record("www", "A", "192.0.2.46"));
        FleetSecondary.server().awaitSerial(later.name(), later.serial(), WITHIN);
        Catalog after = catalogAtPrimary();
        assertTrue(after.members().entrySet().containsAll(before.members().entrySet()), after.toString());
        assertFalse(
                after.members().containsValue(FleetSecondary.catalogZone()), "the catalog lists no zone of its name");
        assertTrue(
                addresses(FleetSecondary.server(), "www." + FleetSecondary.catalogZone())
                        .isEmpty(),
                "the customer's records are not served under the catalog's name");
    }

    /**
     * The service stopped, the catalog taken from the nameserver meanwhile (as a nameserver that
     * lost its data would), the service started again: the catalog is served again at once, with
     * the serial and labels it had.
     */
    @Test
    @Order(4)
    void theCatalogKeepsItsSerialAndLabelsAcrossARestartAndIsPublishedAtStart(@ArquillianResource URL base)
            throws Exception {
        DnsTestZone zone = DnsTestZone.create(base, DnsTestZone.record("www", "A", "192.0.2.43"));
        SecondaryServer fleet = FleetSecondary.server();
        fleet.awaitSerial(zone.name(), zone.serial(), WITHIN);
        Catalog published = catalogAtPrimary();
        assertTrue(published.members().containsValue(zone.name()));
        fleet.awaitSerial(FleetSecondary.catalogZone(), published.serial(), WITHIN);

        deployer.undeploy(SERVICE);
        deployed = false;
        loseTheCatalogAtThePrimary();
        assertThrows(Exception.class, CatalogZoneIT::catalogAtPrimary, "the nameserver no longer has the catalog");
        deployer.deploy(SERVICE);
        deployed = true;

        Catalog republished = awaitValue(CatalogZoneIT::catalogAtPrimaryIfServed, "the catalog published at start");
        assertEquals(published, republished, "the same serial and members, each with the same label");
        assertEquals(List.of("192.0.2.43"), addresses(fleet, "www." + zone.name()));
        beforeRestart = published;
    }

    /** After the restart ({@link #theCatalogKeepsItsSerialAndLabelsAcrossARestartAndIsPublishedAtStart}). */
    @Test
    @Order(5)
    void aZoneCreatedAfterARestartIsServedByTheFleet(@ArquillianResource URL base) throws Exception {
        DnsTestZone zone = DnsTestZone.create(base, DnsTestZone.record("www", "A", "192.0.2.44"));
        SecondaryServer fleet = FleetSecondary.server();
        fleet.awaitSerial(zone.name(), zone.serial(), WITHIN);
        assertEquals(List.of("192.0.2.44"), addresses(fleet, "www." + zone.name()));
        Catalog changed = catalogAtPrimary();
        assertTrue(beforeRestart != null, "the restart before this test failed");
        assertTrue(changed.serial() > beforeRestart.serial(), changed.serial() + " after " + beforeRestart.serial());
        assertTrue(
                changed.members().entrySet().containsAll(beforeRestart.members().entrySet()),
                "the members from before keep their labels");
    }

    // ---- the catalog at the primary

    /** The catalog as the fleet transfers it: its serial, and each member's label with the member. */
    record Catalog(long serial, Map<String, String> members) {}

    /** The catalog transferred from the execution's nameserver with the fleet's key, checked for version 2. */
    static Catalog catalogAtPrimary() throws IOException, ZoneTransferException {
        String catalog = FleetSecondary.catalogZone();
        SecondaryServer.Key key = FleetSecondary.key();
        String[] primary = FleetSecondary.primary();
        ZoneTransferIn axfr = ZoneTransferIn.newAXFR(
                Name.fromString(catalog + "."),
                primary[0],
                Integer.parseInt(primary[1]),
                new TSIG(key.algorithm(), key.name(), key.secret()));
        axfr.setTimeout(Duration.ofSeconds(5));
        axfr.run();
        long serial = -1;
        boolean version2 = false;
        Map<String, String> members = new TreeMap<>();
        Name zones = Name.fromString("zones." + catalog + ".");
        for (Record r : axfr.getAXFR()) {
            if (r instanceof SOARecord soa) {
                serial = soa.getSerial();
            } else if (r instanceof TXTRecord txt
                    && txt.getName().toString(true).equals("version." + catalog)) {
                version2 = txt.getStrings().equals(List.of("2"));
            } else if (r instanceof PTRRecord ptr) {
                assertTrue(
                        ptr.getName().subdomain(zones) && ptr.getName().labels() == zones.labels() + 1, ptr.toString());
                String label = ptr.getName().getLabelString(0);
                assertFalse(members.containsKey(label), "one PTR per label: " + ptr);
                members.put(label, ptr.getTarget().toString(true));
            }
        }
        assertTrue(version2, "version." + catalog + " TXT \"2\"");
        return new Catalog(serial, members);
    }

    /** The catalog, or null while the nameserver does not serve it. */
    private static Catalog catalogAtPrimaryIfServed() {
        try {
            return catalogAtPrimary();
        } catch (IOException | ZoneTransferException e) {
            return null;
        }
    }

    /**
     * Takes the catalog from the nameserver behind the service's back: PowerDNS deletes it through
     * its API; BIND forgets it once its file and its line in zones.conf are gone (rndc reconfig).
     */
    private static void loseTheCatalogAtThePrimary() throws Exception {
        String catalog = FleetSecondary.catalogZone();
        if (System.getenv("PDNS_API_URL") != null) {
            HttpResponse<String> deleted = HttpClient.newHttpClient()
                    .send(
                            HttpRequest.newBuilder(URI.create(PowerDnsExtension.server()
                                                    .apiUrl() + "/api/v1/servers/localhost/zones/" + catalog + "."))
                                    .header("X-API-Key", PowerDnsServer.API_KEY)
                                    .DELETE()
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());
            assertEquals(204, deleted.statusCode(), deleted.body());
            return;
        }
        Path zones = BindExtension.server().zoneDirectory();
        Files.delete(zones.resolve(catalog + ".zone"));
        Path include = zones.resolve("zones.conf");
        List<String> lines = Files.readAllLines(include, StandardCharsets.UTF_8).stream()
                .filter(line -> !line.startsWith("zone \"" + catalog + "\""))
                .toList();
        Files.write(include, lines, StandardCharsets.UTF_8);
        Process rndc = new ProcessBuilder(
                        "rndc",
                        "-c",
                        Path.of(System.getProperty("test.bind.dir"))
                                .resolve("rndc.conf")
                                .toString(),
                        "reconfig")
                .redirectErrorStream(true)
                .start();
        String output = new String(rndc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(rndc.waitFor(30, TimeUnit.SECONDS) && rndc.exitValue() == 0, "rndc reconfig: " + output);
    }

    // ---- helpers

    private static List<String> addresses(SecondaryServer server, String name) {
        return server.query(name, Type.A).stream()
                .map(Record::rdataToString)
                .sorted()
                .toList();
    }

    private static void until(Supplier<Boolean> condition, String what) throws InterruptedException {
        awaitValue(() -> condition.get() ? Boolean.TRUE : null, what);
    }

    /** The first value of {@code value} that is not null, within {@link #WITHIN}. */
    private static <T> T awaitValue(Supplier<T> value, String what) throws InterruptedException {
        long deadline = System.nanoTime() + WITHIN.toNanos();
        while (System.nanoTime() < deadline) {
            T got = value.get();
            if (got != null) {
                return got;
            }
            Thread.sleep(200);
        }
        throw new AssertionError("Not within " + WITHIN.toSeconds() + " s: " + what + "\nfleet's log:\n"
                + FleetSecondary.server().tail());
    }
}
