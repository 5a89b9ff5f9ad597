package net.hostingapi.dnsupdate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
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
import org.xbill.DNS.Message;
import org.xbill.DNS.Name;
import org.xbill.DNS.Rcode;
import org.xbill.DNS.Type;
import org.xbill.DNS.Update;

/**
 * The service's DNS listener as a customer's script drives it: Debian's {@code nsupdate} with the
 * token's TSIG key, its exit status and what it reports, and the zone as show then answers it.
 */
@ServiceTest
@RunAsClient
class NsupdateIT {

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.service();
    }

    @ArquillianResource
    URL base;

    private DnsTestZone hosted;
    private Api api;
    private String zone;

    @BeforeEach
    void zone() {
        hosted = DnsTestZone.create(
                base,
                DnsTestZone.record("www", "A", "192.0.2.1", 3600),
                DnsTestZone.record("www", "A", "192.0.2.2", 3600));
        api = hosted.api();
        zone = hosted.name();
    }

    @Test
    void addReplaceAndDelete() throws Exception {
        Nsupdate nsupdate = Nsupdate.withLiteralKey(hosted.newKeyToken());

        Nsupdate.Run added = nsupdate.send(
                "zone " + zone,
                "update add txt." + zone + " 300 TXT \"hello world\"",
                "update add api." + zone + " 600 CNAME www." + zone + ".",
                "send");
        assertEquals(0, added.exit(), added.toString());
        assertEquals(
                List.of(
                        "api CNAME www." + zone + " 600",
                        "txt TXT hello world 300",
                        "www A 192.0.2.1 3600",
                        "www A 192.0.2.2 3600"),
                hosted.records());

        // the usual replace: the RRset deleted and the new one added in one UPDATE
        Nsupdate.Run replaced = nsupdate.send(
                "zone " + zone,
                "update delete www." + zone + " A",
                "update add www." + zone + " 900 A 192.0.2.3",
                "send");
        assertEquals(0, replaced.exit(), replaced.toString());
        assertEquals(
                List.of("api CNAME www." + zone + " 600", "txt TXT hello world 300", "www A 192.0.2.3 900"),
                hosted.records());

        Nsupdate.Run deleted = nsupdate.send(
                "zone " + zone, "update delete txt." + zone + " TXT", "update delete api." + zone, "send");
        assertEquals(0, deleted.exit(), deleted.toString());
        assertEquals(List.of("www A 192.0.2.3 900"), hosted.records());
    }

    @Test
    void eachPrerequisiteKindHoldsOrFailsWithItsCode() throws Exception {
        Nsupdate nsupdate = Nsupdate.withLiteralKey(hosted.newKeyToken());
        String www = "www." + zone;
        String none = "none." + zone;
        // a prerequisite, and the rcode nsupdate reports when it does not hold (null: it holds)
        String[][] cases = {
            {"prereq nxdomain " + none, null},
            {"prereq nxdomain " + www, "YXDOMAIN"},
            {"prereq yxdomain " + www, null},
            {"prereq yxdomain " + none, "NXDOMAIN"},
            {"prereq nxrrset " + www + " AAAA", null},
            {"prereq nxrrset " + www + " A", "YXRRSET"},
            {"prereq yxrrset " + www + " A", null},
            {"prereq yxrrset " + www + " AAAA", "NXRRSET"},
            // with values: the whole RRset, no more and no less
            {"prereq yxrrset " + www + " A 192.0.2.1\nprereq yxrrset " + www + " A 192.0.2.2", null},
            {"prereq yxrrset " + www + " A 192.0.2.1", "NXRRSET"},
        };
        for (String[] c : cases) {
            Nsupdate.Run run = nsupdate.send("zone " + zone, c[0], "update add probe." + zone + " 300 TXT x", "send");
            if (c[1] == null) {
                assertEquals(0, run.exit(), c[0] + ": " + run);
                assertTrue(hosted.records().contains("probe TXT x 300"), c[0]);
                Nsupdate.Run cleaned = nsupdate.send("zone " + zone, "update delete probe." + zone + " TXT", "send");
                assertEquals(0, cleaned.exit(), cleaned.toString());
            } else {
                assertEquals(2, run.exit(), c[0] + ": " + run);
                assertTrue(run.stderr().contains("update failed: " + c[1]), c[0] + ": " + run);
                assertFalse(hosted.records().contains("probe TXT x 300"), c[0] + ": nothing applied");
            }
        }
    }

    @Test
    void aKeyFileSignsAsTheLiteralKeyDoes() throws Exception {
        Path directory = Files.createDirectories(Path.of("target", "nsupdate-keys"));
        Nsupdate nsupdate = Nsupdate.withKeyFile(hosted.newKeyToken(), directory);
        Nsupdate.Run added = nsupdate.send("zone " + zone, "update add k." + zone + " 300 A 192.0.2.7", "send");
        assertEquals(0, added.exit(), added.toString());
        assertTrue(hosted.records().contains("k A 192.0.2.7 300"));
    }

    /** Without a zone line nsupdate asks the SOA of the first name: the enclosing zone's, signed, in AUTHORITY. */
    @Test
    void findsTheZoneByItself() throws Exception {
        Nsupdate nsupdate = Nsupdate.withLiteralKey(hosted.newKeyToken());
        Nsupdate.Run added = nsupdate.send("update add deep.below." + zone + " 300 A 192.0.2.8", "send");
        assertEquals(0, added.exit(), added.toString());
        assertTrue(
                hosted.records().contains("deep.below A 192.0.2.8 300"),
                hosted.records().toString());

        Nsupdate.Run apex = nsupdate.send("update add " + zone + " 300 TXT apex", "send");
        assertEquals(0, apex.exit(), apex.toString());
        assertTrue(
                hosted.records().contains("@ TXT apex 300") || hosted.records().contains(" TXT apex 300"),
                hosted.records().toString());
    }

    @Test
    void aWrongSecretOrKeyNameChangesNothing() throws Exception {
        JsonObject token = hosted.newKeyToken();
        JsonObject tsig = token.getJsonObject("tsig");
        List<String> before = hosted.records();
        String add = "update add x." + zone + " 300 A 192.0.2.9";

        String otherSecret = java.util.Base64.getEncoder().encodeToString(new byte[32]);
        Nsupdate.Run badSignature = Nsupdate.withLiteralKey("hmac-sha256", tsig.getString("name"), otherSecret)
                .send("zone " + zone, add, "send");
        assertEquals(2, badSignature.exit(), badSignature.toString());
        assertTrue(badSignature.stderr().contains("update failed: NOTAUTH"), badSignature.toString());

        Nsupdate.Run badKey = Nsupdate.withLiteralKey("hmac-sha256", "no-such-key.example", tsig.getString("secret"))
                .send("zone " + zone, add, "send");
        assertEquals(2, badKey.exit(), badKey.toString());
        assertTrue(badKey.stderr().contains("update failed: NOTAUTH"), badKey.toString());

        // nsupdate's own refusals of a -y it cannot use
        Nsupdate.Run notBase64 = Nsupdate.withLiteralKey("hmac-sha256", tsig.getString("name"), "not*base64")
                .send("zone " + zone, add, "send");
        assertTrue(notBase64.exit() != 0, notBase64.toString());
        assertTrue(notBase64.stderr().contains("bad base64 encoding"), notBase64.toString());
        Nsupdate.Run unknownAlgorithm = Nsupdate.withLiteralKey(
                        "hmac-sha999", tsig.getString("name"), tsig.getString("secret"))
                .send("zone " + zone, add, "send");
        assertEquals(1, unknownAlgorithm.exit(), unknownAlgorithm.toString());
        assertTrue(unknownAlgorithm.stderr().contains("unknown key type"), unknownAlgorithm.toString());

        // a clock 10 minutes off (no faketime on the test machines: signed with dnsjava at that clock)
        Update update = new Update(Name.fromString(zone + "."));
        update.add(Name.fromString("x." + zone + "."), Type.A, 300, "192.0.2.9");
        Message late =
                DnsUpdateClient.of(token).atClockOffset(Duration.ofMinutes(10)).send(update);
        assertEquals(Rcode.NOTAUTH, late.getRcode());
        assertEquals(Rcode.BADTIME, late.getTSIG().getError());

        assertEquals(before, hosted.records());
    }

    @Test
    void aTokenDeactivatedBetweenTwoUpdatesSignsNoMore() throws Exception {
        JsonObject token = hosted.newKeyToken();
        Nsupdate nsupdate = Nsupdate.withLiteralKey(token);
        Nsupdate.Run first = nsupdate.send("zone " + zone, "update add one." + zone + " 300 A 192.0.2.11", "send");
        assertEquals(0, first.exit(), first.toString());

        Api.Response off = api.json(
                "POST",
                "/api/v1/account/users/tokens/" + token.getJsonNumber("id") + "/deactivate",
                Json.createObjectBuilder().build());
        assertEquals(200, off.status(), off.body());

        Nsupdate.Run second = nsupdate.send("zone " + zone, "update add two." + zone + " 300 A 192.0.2.12", "send");
        assertEquals(2, second.exit(), second.toString());
        assertTrue(second.stderr().contains("update failed: NOTAUTH"), second.toString());
        List<String> records = hosted.records();
        assertTrue(records.contains("one A 192.0.2.11 300"), records.toString());
        assertFalse(records.contains("two A 192.0.2.12 300"), records.toString());
    }
}
