package net.hostingapi.nameserver;

import static net.hostingapi.zones.ZonesIT.record;
import static net.hostingapi.zones.ZonesIT.records;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import net.hostingapi.support.Api;
import net.hostingapi.support.Deployments;
import net.hostingapi.support.MariaDbExtension;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.xbill.DNS.Type;

/**
 * DNSSEC with zone files and a real BIND 9: a signed zone's zones.conf entry names
 * dnssec-policy with inline signing, named signs it with keys of its own, and the API's DS
 * (computed from the DNSKEY named serves) is the only trust anchor delv needs to validate what
 * named answers; disabling publishes the delete records, then the zone is served unsigned and
 * named's keys of it are gone. Run by the build's "bind" failsafe execution.
 */
@ExtendWith(MariaDbExtension.class)
@ExtendWith(BindExtension.class)
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class BindDnssecIT {

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.service();
    }

    @ArquillianResource
    URL base;

    Api api;
    DnssecProbe probe;

    @BeforeAll
    static void runByTheBindExecution() {
        assertNotNull(
                System.getenv("ZONE_RELOAD_COMMAND"),
                "BindDnssecIT runs in the build's \"bind\" failsafe execution, which sets ZONE_RELOAD_COMMAND");
    }

    @BeforeEach
    void newCustomer() {
        api = Api.at(base).newCustomer().api();
        probe = new DnssecProbe(api, Integer.parseInt(System.getProperty("test.bind.dns.port")));
    }

    @Test
    void namedSignsAndTheApisDsValidatesWhatItAnswers() throws Exception {
        String zone = DnssecProbe.zoneName("b");
        create(zone);
        Api.Response enabled = probe.post("enable", zone);
        assertEquals(200, enabled.status(), enabled.body());
        JsonObject dnssec = probe.awaitState(zone, "signed");
        String conf = Files.readString(zones().resolve("zones.conf"));
        assertTrue(
                conf.lines()
                        .anyMatch(l -> l.contains("\"" + zone + "\"")
                                && l.contains("dnssec-policy \"default\";")
                                && l.contains("inline-signing yes;")),
                conf);

        List<JsonObject> keys = dnssec.getJsonArray("keys").getValuesAs(JsonObject.class);
        assertEquals(1, keys.size(), "the default policy's one CSK: " + dnssec);
        assertEquals(257, keys.get(0).getInt("flags"));
        assertEquals(13, keys.get(0).getInt("algorithm"));
        Set<String> ds = DnssecProbe.ds(dnssec);
        Set<String> digestTypes = new TreeSet<>();
        ds.forEach(d -> digestTypes.add(d.split(" ")[2]));
        assertEquals(Set.of("2", "4"), digestTypes, ds.toString());
        assertEquals(probe.dsOfServedKeys(zone), ds, "the API's DS is that of the DNSKEY served");
        assertTrue(
                Files.list(zones().resolve("keys").resolve(zone))
                        .anyMatch(f -> f.toString().endsWith(".private")),
                "named keeps its keys in the zone's key directory");

        probe.assertValidated(zone, "www." + zone, "A", "192.0.2.10", ds);
        Api.Response added = api.json(
                "POST",
                "/api/v1/dns/zones/records/add",
                Json.createObjectBuilder()
                        .add("zone", zone)
                        .add("records", records(record("late", "A", "192.0.2.77", null)))
                        .build());
        assertEquals(200, added.status(), added.body());
        probe.assertValidated(zone, "late." + zone, "A", "192.0.2.77", ds);
        probe.assertValidatedNegative(zone, "missing." + zone, ds);
    }

    @Test
    void disablingWithdrawsThenUnsignsAndNamedsKeysAreGone() throws Exception {
        String zone = DnssecProbe.zoneName("e");
        create(zone);
        assertEquals(200, probe.post("enable", zone).status());
        Set<String> ds = DnssecProbe.ds(probe.awaitState(zone, "signed"));

        Api.Response disabled = probe.post("disable", zone);
        assertEquals(200, disabled.status(), disabled.body());
        assertEquals("removing", disabled.data().getJsonObject("dnssec").getString("state"));
        assertTrue(disabled.body().contains("3015"), disabled.body());
        probe.assertValidated(zone, zone, "CDS", "0 0 0 00", ds);
        assertEquals(Set.of("0 3 0 AA=="), probe.served(zone, Type.CDNSKEY));

        probe.awaitState(zone, "unsigned");
        DnssecProbe.await(
                () -> {
                    try {
                        return probe.served(zone, Type.DNSKEY).isEmpty();
                    } catch (java.io.IOException e) {
                        throw new AssertionError(e);
                    }
                },
                "named serves the zone unsigned");
        assertEquals(Set.of(), probe.served(zone, Type.CDS));
        assertEquals(Set.of("192.0.2.10"), probe.served("www." + zone, Type.A));
        assertFalse(Files.exists(zones().resolve("keys").resolve(zone)), "no key left behind");
        assertTrue(
                Files.readString(zones().resolve("zones.conf"))
                        .lines()
                        .anyMatch(l -> l.contains("\"" + zone + "\"") && !l.contains("dnssec-policy")),
                "the zone's entry without a policy");
    }

    @Test
    void deletingASignedZoneLeavesNoKeysBehind() throws Exception {
        String zone = DnssecProbe.zoneName("f");
        create(zone);
        assertEquals(200, probe.post("enable", zone).status());
        probe.awaitState(zone, "signed");
        assertTrue(Files.isDirectory(zones().resolve("keys").resolve(zone)));
        Api.Response deleted = api.json(
                "DELETE",
                "/api/v1/dns/zones/delete",
                Json.createObjectBuilder().add("zone", zone).build());
        assertEquals(200, deleted.status(), deleted.body());
        DnssecProbe.await(() -> !Files.exists(zones().resolve("keys").resolve(zone)), "the zone's keys removed");
        assertFalse(Files.exists(zones().resolve(zone + ".zone.signed")));
    }

    private static Path zones() {
        return Path.of(System.getProperty("test.bind.dir", "target/bind")).resolve("zones");
    }

    private void create(String zone) {
        Api.Response created = api.json(
                "POST",
                "/api/v1/dns/zones/create",
                Json.createObjectBuilder()
                        .add("name", zone)
                        .add("records", records(record("www", "A", "192.0.2.10", null)))
                        .build());
        assertEquals(201, created.status(), created.body());
    }
}
