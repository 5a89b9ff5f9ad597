package net.hostingapi.zones;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import net.hostingapi.support.Api;
import net.hostingapi.support.Deployments;
import net.hostingapi.support.ServiceTest;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Zone import of master files as hosters receive them: new zones, replacing, dry runs, round trips, errors by line. */
@ServiceTest
@RunAsClient
class ZoneImportIT {

    private static final String IMPORT = "/api/v1/dns/zones/import";

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.service();
    }

    @ArquillianResource
    URL base;

    Api api;
    String zone;

    @BeforeEach
    void newCustomer() {
        Api.Customer customer = Api.at(base).newCustomer();
        api = customer.api();
        zone = customer.username() + ".example";
    }

    /** The BIND-style file of a registrar, under this test's zone name. */
    private String bindFile() throws IOException {
        try (InputStream in = getClass().getResourceAsStream("/zonefiles/bind-style.zone")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("shop.example", zone);
        }
    }

    @Test
    void aRegistrarsZoneFileBecomesANewZone() throws Exception {
        Api.Response imported = importFile(bindFile(), false);
        assertEquals(201, imported.status(), imported.body());
        assertEquals(List.of("file"), imported.warningFields(), "the apex NS records were not imported");
        JsonObject stored = show();
        assertEquals("dns-admin@" + zone, stored.getString("hostmaster"));
        assertEquals(7200, stored.getInt("refresh"));
        assertEquals(1800, stored.getInt("retry"));
        assertEquals(1209600, stored.getInt("expire"));
        assertEquals(3600, stored.getInt("ttl"));
        assertEquals(
                new TreeSet<>(Set.of(
                        "@ MX 10 mail." + zone + " -",
                        "@ TXT v=spf1 mx -all -",
                        "www A 192.0.2.10 300",
                        "www AAAA 2001:db8::10 300",
                        "mail A 192.0.2.25 -",
                        "*.dev CNAME www." + zone + " -",
                        "_sip._tcp SRV 10 60 5060 sip." + zone + " -",
                        "sip A 192.0.2.30 -",
                        "@ CAA 0 issue \"letsencrypt.org\" -",
                        "google._domainkey TXT \"v=DKIM1; k=rsa; \" \"p=MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQC\" -",
                        "xn--bcher-kva A 192.0.2.40 -",
                        "xn--mnchen-3ya A 192.0.2.41 -",
                        "sub NS ns.other.example -")),
                records(stored),
                "a TTL equal to the zone's inherits it (-)");
        JsonObject difference = imported.data().getJsonObject("import");
        assertTrue(difference.getBoolean("new_zone"));
        assertEquals(13, difference.getJsonArray("added").size());
        assertEquals(stored, imported.data().getJsonObject("zone"));
    }

    @Test
    void aDryRunAnswersTheDifferenceAndChangesNothing() throws Exception {
        assertEquals(201, importFile(bindFile(), false).status());
        JsonObject before = show();
        String changed = bindFile()
                        .replace("mail            IN      A       192.0.2.25\n", "")
                        .replace("7200            ; refresh", "10800 ; refresh")
                + "new IN A 192.0.2.99\n";
        Api.Response dry = importFile(changed, true);
        assertEquals(200, dry.status(), dry.body());
        assertEquals(
                2019,
                dry.envelope()
                        .getJsonObject("messages")
                        .getJsonArray("success")
                        .getJsonObject(0)
                        .getInt("code"));
        JsonObject difference = dry.data().getJsonObject("import");
        assertFalse(difference.getBoolean("new_zone"));
        assertFalse(dry.data().containsKey("zone"), "no zone on a dry run");
        assertEquals(Set.of("mail A 192.0.2.25 -"), changes(difference.getJsonArray("removed")));
        assertEquals(Set.of("new A 192.0.2.99 -"), changes(difference.getJsonArray("added")));
        assertEquals(
                Json.createObjectBuilder()
                        .add(
                                "refresh",
                                Json.createObjectBuilder().add("from", "7200").add("to", "10800"))
                        .build(),
                difference.getJsonObject("settings"));
        assertEquals(before, show(), "nothing changed");
    }

    @Test
    void anExistingZoneIsReplacedFromATextDnsBody() throws Exception {
        assertEquals(
                201,
                api.json(
                                "POST",
                                "/api/v1/dns/zones/create",
                                Json.createObjectBuilder()
                                        .add("name", zone)
                                        .add(
                                                "records",
                                                Json.createArrayBuilder()
                                                        .add(Json.createObjectBuilder()
                                                                .add("name", "old")
                                                                .add("type", "A")
                                                                .add("data", "192.0.2.1")))
                                        .build())
                        .status());
        String serial = show().getString("serial");
        Api.Response replaced = api.send(
                "POST",
                IMPORT + "?zone=" + zone,
                "text/dns",
                "$TTL 600\n@ IN MX 10 mx.example.net.\nwww IN A 192.0.2.7\n",
                Map.of());
        assertEquals(200, replaced.status(), replaced.body());
        JsonObject stored = show();
        assertEquals(Set.of("@ MX 10 mx.example.net 600", "www A 192.0.2.7 600"), records(stored));
        assertEquals(300, stored.getInt("ttl"), "no SOA in the file: the zone keeps its settings");
        assertTrue(Long.parseLong(stored.getString("serial")) > Long.parseLong(serial));
        assertEquals(
                Set.of("old A 192.0.2.1 -"),
                changes(replaced.data().getJsonObject("import").getJsonArray("removed")));
    }

    @Test
    void anExportedZoneImportsIntoANewZoneWithTheSameRecords() throws Exception {
        assertEquals(201, importFile(bindFile(), false).status());
        JsonObject original = show();
        Api.Response export = api.get("/api/v1/dns/zones/export?zone=" + zone);
        assertEquals(200, export.status());
        assertEquals(
                200,
                api.json(
                                "DELETE",
                                "/api/v1/dns/zones/delete",
                                Json.createObjectBuilder().add("zone", zone).build())
                        .status());
        Api.Response again = importFile(export.body(), false);
        assertEquals(201, again.status(), again.body());
        JsonObject copy = show();
        assertEquals(records(original), records(copy));
        for (String setting : List.of("hostmaster", "refresh", "retry", "expire", "ttl")) {
            assertEquals(original.get(setting), copy.get(setting), setting);
        }
    }

    @Test
    void everyProblemIsNamedWithItsLineAndNothingIsStored() {
        String file = String.join(
                "\n",
                "$TTL 300",
                "$INCLUDE /etc/passwd",
                "www IN A 999.1.1.1",
                "ok IN A 192.0.2.1",
                "old IN HINFO \"PC\" \"Linux\"",
                "far.away.example. IN A 192.0.2.2",
                "bad IN MX not-a-number mail.example.net.",
                "slow 30 IN A 192.0.2.3",
                "www IN CNAME ok." + zone + ".",
                "");
        Api.Response refused = importFile(file, false);
        assertEquals(422, refused.status(), refused.body());
        List<String> texts = refused.envelope().getJsonObject("messages").getJsonArray("errors").stream()
                .map(e -> e.asJsonObject().getString("message"))
                .toList();
        for (String line : List.of("line 2:", "line 3:", "line 5:", "line 6:", "line 7:", "line 8:")) {
            assertTrue(texts.stream().anyMatch(t -> t.startsWith("file: " + line)), line + " in " + texts);
        }
        assertTrue(texts.stream().anyMatch(t -> t.contains("HINFO") && t.contains("not supported")), texts.toString());
        assertTrue(refused.errorFields().stream().allMatch("file"::equals));
        assertEquals(404, api.get("/api/v1/dns/zones/show?zone=" + zone).status(), "no zone was created");

        // The CNAME beside other data at www (line 9) once the rest is right.
        Api.Response conflict = importFile("$TTL 300\nwww IN A 192.0.2.1\nwww IN CNAME ok." + zone + ".\n", false);
        assertEquals(422, conflict.status());
        assertTrue(conflict.body().contains("line 3"), conflict.body());
    }

    @Test
    void aFormFieldAndAJsonBodyCarryTheFileToo() {
        Api.Response form = api.form(
                "POST",
                IMPORT,
                "zone=" + zone + "&dryRun=1&file="
                        + URLEncoder.encode("$TTL 300\nwww IN A 192.0.2.1\n", StandardCharsets.UTF_8));
        assertEquals(200, form.status(), form.body());
        assertEquals(
                1, form.data().getJsonObject("import").getJsonArray("added").size());
        Api.Response empty = api.json(
                "POST",
                IMPORT,
                Json.createObjectBuilder().add("zone", zone).add("file", "").build());
        assertEquals(422, empty.status());
        assertEquals(List.of("file"), empty.errorFields());
        Api.Response control = api.json(
                "POST",
                IMPORT,
                Json.createObjectBuilder()
                        .add("zone", zone)
                        .add("file", "www IN A 192.0.2.1\u0000")
                        .build());
        assertEquals(422, control.status(), control.body());
    }

    // ---- helpers

    private Api.Response importFile(String file, boolean dryRun) {
        return api.json(
                "POST",
                IMPORT,
                Json.createObjectBuilder()
                        .add("zone", zone)
                        .add("file", file)
                        .add("dryRun", dryRun)
                        .build());
    }

    private JsonObject show() {
        Api.Response shown = api.get("/api/v1/dns/zones/show?zone=" + zone);
        assertEquals(200, shown.status(), shown.body());
        return shown.data().getJsonObject("zone");
    }

    private static Set<String> records(JsonObject zone) {
        return changes(zone.getJsonArray("records"));
    }

    /** Records as "name type data ttl" ({@code -}: the zone's TTL). */
    private static Set<String> changes(JsonArray records) {
        return records.getValuesAs(JsonObject.class).stream()
                .map(r -> r.getString("name") + " " + r.getString("type") + " " + r.getString("data") + " "
                        + (r.isNull("ttl") ? "-" : r.getString("ttl")))
                .collect(Collectors.toCollection(TreeSet::new));
    }
}
