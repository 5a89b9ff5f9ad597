package net.hostingapi.nameserver;

import static net.hostingapi.zones.ZonesIT.record;
import static net.hostingapi.zones.ZonesIT.records;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import net.hostingapi.support.Api;
import net.hostingapi.support.Deployments;
import net.hostingapi.support.MariaDbExtension;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.xbill.DNS.Type;

/**
 * DNSSEC with a real PowerDNS (sqlite3 backend with DNSSEC): the zone is signed by PowerDNS on
 * request, a validating resolver (delv) with the API's DS as its only trust anchor validates what
 * the nameserver answers, before and after a change, and its proof that a name does not exist;
 * disabling publishes the delete records, keeps signing for DNSSEC_UNSIGN_AFTER (seconds here,
 * the pom), then leaves the zone unsigned with no key behind.
 */
@ExtendWith(MariaDbExtension.class)
@ExtendWith(PowerDnsExtension.class)
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class PowerDnsDnssecIT {

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.service();
    }

    @ArquillianResource
    URL base;

    Api api;
    DnssecProbe probe;

    @BeforeEach
    void newCustomer() {
        api = Api.at(base).newCustomer().api();
        probe = new DnssecProbe(api, PowerDnsExtension.server().dnsPort());
    }

    @Test
    void aSignedZoneValidatesWithTheApisDsAsTheOnlyTrustAnchor() throws Exception {
        String zone = DnssecProbe.zoneName("s");
        create(zone);
        Api.Response enabled = probe.post("enable", zone);
        assertEquals(200, enabled.status(), enabled.body());
        assertEquals(
                2050,
                enabled.envelope()
                        .getJsonObject("messages")
                        .getJsonArray("success")
                        .getJsonObject(0)
                        .getInt("code"),
                enabled.body());
        assertTrue(enabled.data().getJsonObject("dnssec").getBoolean("enabled"));

        JsonObject dnssec = probe.awaitState(zone, "signed");
        List<JsonObject> keys = dnssec.getJsonArray("keys").getValuesAs(JsonObject.class);
        assertEquals(1, keys.size(), dnssec.toString());
        JsonObject key = keys.get(0);
        assertEquals(257, key.getInt("flags"));
        assertEquals(13, key.getInt("algorithm"), "ECDSAP256SHA256 by default");
        assertTrue(key.getString("dnskey").startsWith("257 3 13 "), key.toString());
        Set<String> ds = DnssecProbe.ds(dnssec);
        Set<String> digestTypes = new TreeSet<>();
        for (String d : ds) {
            String[] f = d.split(" ");
            assertEquals(key.getInt("key_tag"), Integer.parseInt(f[0]), d);
            digestTypes.add(f[2]);
        }
        assertEquals(Set.of("2", "4"), digestTypes, "SHA-256 and SHA-384, never SHA-1: " + ds);
        assertEquals(probe.dsOfServedKeys(zone), ds, "the API's DS is that of the DNSKEY served");
        assertFalse(dnssec.toString().toLowerCase().contains("private"), dnssec.toString());

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

        // CDS and CDNSKEY (RFC 7344) of the key, for registries that scan for them
        assertEquals(ds, probe.served(zone, Type.CDS));
        assertEquals(
                Set.of(key.getString("dnskey").toUpperCase().replaceAll("\\s+", " ")),
                probe.served(zone, Type.CDNSKEY));

        JsonObject shown = api.get("/api/v1/dns/zones/show?zone=" + zone).data().getJsonObject("zone");
        assertEquals(true, shown.getJsonObject("dnssec").getBoolean("enabled"));
        assertEquals("signed", shown.getJsonObject("dnssec").getString("state"));
        assertEquals(
                ds, strings(shown.getJsonObject("dnssec").getJsonArray("ds").getValuesAs(JsonString.class)));
        JsonObject listed =
                api.get("/api/v1/dns/zones").data().getJsonArray("zones").getValuesAs(JsonObject.class).stream()
                        .filter(z -> z.getString("name").equals(zone))
                        .findFirst()
                        .orElseThrow();
        assertEquals(
                Json.createObjectBuilder()
                        .add("enabled", true)
                        .add("state", "signed")
                        .add("ds", Json.createArrayBuilder(List.copyOf(ds)))
                        .build(),
                listed.getJsonObject("dnssec"));

        // a refresh that drops the zone first would drop its key too: the DS at the registry stays valid
        Api.Response refreshed = api.json(
                "POST",
                "/api/v1/dns/zones/refresh",
                Json.createObjectBuilder()
                        .add("zone", zone)
                        .add("forceDelete", true)
                        .build());
        assertEquals(200, refreshed.status(), refreshed.body());
        assertEquals(ds, probe.dsOfServedKeys(zone));
        assertEquals(ds, DnssecProbe.ds(probe.dnssec(zone)));
        probe.assertValidated(zone, "late." + zone, "A", "192.0.2.77", ds);
    }

    @Test
    void anotherAccountsZoneDoesNotExist() {
        String zone = DnssecProbe.zoneName("o");
        create(zone);
        Api other = Api.at(base).newCustomer().api();
        DnssecProbe theirs = new DnssecProbe(other, PowerDnsExtension.server().dnsPort());
        assertEquals(404, other.get("/api/v1/dns/zones/dnssec?zone=" + zone).status());
        assertEquals(404, theirs.post("enable", zone).status());
        assertEquals(404, theirs.post("disable", zone).status());
        assertEquals(404, probe.post("enable", "nothing-" + zone).status());
        assertEquals(404, api.get("/api/v1/dns/zones/dnssec?zone=not..a..name").status());
        Api.Response without = api.json(
                "POST",
                "/api/v1/dns/zones/dnssec/enable",
                Json.createObjectBuilder().build());
        assertEquals(422, without.status(), without.body());
        assertEquals("unsigned", probe.dnssec(zone).getString("state"), "nothing of theirs changed it");
    }

    @Test
    void disablingPublishesTheDeleteRecordsThenUnsignsAfterTheGrace() throws Exception {
        String zone = DnssecProbe.zoneName("d");
        create(zone);
        assertEquals(200, probe.post("enable", zone).status());
        Set<String> ds = DnssecProbe.ds(probe.awaitState(zone, "signed"));
        long domainId = domainId(zone);
        assertEquals(1, keysInPowerDns(domainId));

        Api.Response disabled = probe.post("disable", zone);
        assertEquals(200, disabled.status(), disabled.body());
        JsonObject removing = disabled.data().getJsonObject("dnssec");
        assertEquals("removing", removing.getString("state"));
        assertFalse(removing.getBoolean("enabled"));
        assertNotNull(removing.getString("unsign_at"));
        assertTrue(disabled.body().contains("3015"), "the warning to remove the DS first: " + disabled.body());
        assertTrue(disabled.body().contains("registry"), disabled.body());

        // still signed, with the RFC 8078 delete records instead of the key's CDS and CDNSKEY
        probe.assertValidated(zone, zone, "CDS", "0 0 0 00", ds);
        assertEquals(Set.of("0 0 0 00"), probe.served(zone, Type.CDS));
        assertEquals(Set.of("0 3 0 AA=="), probe.served(zone, Type.CDNSKEY));
        probe.assertValidated(zone, "www." + zone, "A", "192.0.2.10", ds);

        JsonObject unsigned = probe.awaitState(zone, "unsigned");
        assertEquals(0, unsigned.getJsonArray("keys").size(), unsigned.toString());
        assertEquals(Set.of(), probe.served(zone, Type.DNSKEY));
        assertEquals(Set.of(), probe.served(zone, Type.CDS));
        assertEquals(Set.of(), probe.served(zone, Type.CDNSKEY));
        assertEquals(0, keysInPowerDns(domainId), "no key left behind");
        assertEquals(Set.of("192.0.2.10"), probe.served("www." + zone, Type.A));
        assertEquals(
                "unsigned",
                api.get("/api/v1/dns/zones/show?zone=" + zone)
                        .data()
                        .getJsonObject("zone")
                        .getJsonObject("dnssec")
                        .getString("state"));
    }

    @Test
    void enablingDuringTheRemovalCancelsIt() throws Exception {
        String zone = DnssecProbe.zoneName("c");
        create(zone);
        assertEquals(200, probe.post("enable", zone).status());
        Set<String> ds = DnssecProbe.ds(probe.awaitState(zone, "signed"));
        assertEquals(
                "removing",
                probe.post("disable", zone).data().getJsonObject("dnssec").getString("state"));
        Api.Response again = probe.post("enable", zone);
        assertEquals(200, again.status(), again.body());
        assertEquals("signed", again.data().getJsonObject("dnssec").getString("state"));
        DnssecProbe.await(
                () -> {
                    try {
                        return ds.equals(probe.served(zone, Type.CDS));
                    } catch (java.io.IOException e) {
                        throw new AssertionError(e);
                    }
                },
                "the key's CDS served again instead of the delete record");
        // past the grace (DNSSEC_UNSIGN_AFTER, the pom): still signed with the same key
        TimeUnit.SECONDS.sleep(Long.getLong("test.dnssec.unsign.after", 8) + 4);
        JsonObject dnssec = probe.dnssec(zone);
        assertEquals("signed", dnssec.getString("state"));
        assertEquals(ds, DnssecProbe.ds(dnssec));
        assertEquals(ds, probe.dsOfServedKeys(zone));
        probe.assertValidated(zone, "www." + zone, "A", "192.0.2.10", ds);
    }

    @Test
    void deletingASignedZoneLeavesNoKeyOnTheNameserver() throws Exception {
        String zone = DnssecProbe.zoneName("x");
        create(zone);
        assertEquals(200, probe.post("enable", zone).status());
        probe.awaitState(zone, "signed");
        long domainId = domainId(zone);
        assertEquals(1, keysInPowerDns(domainId));
        Api.Response deleted = api.json(
                "DELETE",
                "/api/v1/dns/zones/delete",
                Json.createObjectBuilder().add("zone", zone).build());
        assertEquals(200, deleted.status(), deleted.body());
        DnssecProbe.await(
                () -> sqlite("SELECT COUNT(*) FROM domains WHERE id = " + domainId)
                        .equals("0"),
                "zone gone");
        assertEquals(0, keysInPowerDns(domainId));
        assertEquals("0", sqlite("SELECT COUNT(*) FROM domainmetadata WHERE domain_id = " + domainId));
    }

    /** While PowerDNS is down the request is kept, and the state says so; once it is back the zone is signed. */
    @Test
    void anUnreachableNameserverLeavesTheZoneSigningUntilItIsBack() throws Exception {
        String zone = DnssecProbe.zoneName("u");
        create(zone);
        DnssecProbe.await(
                () -> sqlite("SELECT COUNT(*) FROM domains WHERE name = '" + zone + "'")
                        .equals("1"),
                "zone published");
        PowerDnsExtension.server().stop();
        try {
            Api.Response enabled = probe.post("enable", zone);
            assertEquals(200, enabled.status(), enabled.body());
            JsonObject[] last = new JsonObject[1];
            DnssecProbe.await(
                    () -> !(last[0] = probe.dnssec(zone)).isNull("last_error"), "the failed publication reported");
            assertEquals("signing", last[0].getString("state"));
            assertTrue(last[0].getBoolean("pending"));
            assertTrue(last[0].getString("last_error").contains("PowerDNS"), last[0].toString());
        } finally {
            PowerDnsExtension.server().start();
        }
        JsonObject signed = probe.awaitState(zone, "signed");
        assertFalse(signed.getBoolean("pending"));
        probe.assertValidated(zone, "www." + zone, "A", "192.0.2.10", DnssecProbe.ds(signed));
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

    private static Set<String> strings(List<JsonString> values) {
        Set<String> set = new TreeSet<>();
        values.forEach(v -> set.add(v.getString().toUpperCase()));
        return set;
    }

    private static long domainId(String zone) {
        return Long.parseLong(sqlite("SELECT id FROM domains WHERE name = '" + zone + "'"));
    }

    private static int keysInPowerDns(long domainId) {
        return Integer.parseInt(sqlite("SELECT COUNT(*) FROM cryptokeys WHERE domain_id = " + domainId));
    }

    /** A query of PowerDNS's own database (target/pdns, PowerDnsExtension). */
    static String sqlite(String query) {
        try {
            Process p = new ProcessBuilder(
                            "sqlite3", Path.of("target", "pdns", "pdns.sqlite3").toString(), query)
                    .redirectErrorStream(true)
                    .start();
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError("sqlite3 hangs");
            }
            return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
