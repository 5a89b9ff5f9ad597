package net.hostingapi.zones.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.json.JsonObject;
import java.io.StringReader;
import java.lang.reflect.Field;
import java.util.List;
import net.hostingapi.accounts.entity.Account;
import net.hostingapi.nameserver.control.PublicKey;
import net.hostingapi.platform.json.control.JsonFields;
import net.hostingapi.platform.json.control.JsonText;
import net.hostingapi.platform.openapi.boundary.WireShape;
import net.hostingapi.zones.entity.RecordDraft;
import net.hostingapi.zones.entity.RecordType;
import net.hostingapi.zones.entity.SoaSettings;
import net.hostingapi.zones.entity.Zone;
import org.junit.jupiter.api.Test;

/**
 * The written-out zone (kept record texts spliced in) must equal the zone written by JSON-P, and
 * what is spliced in or written elsewhere must name the members the zone's shapes declare.
 */
class ZoneRepresentationsTest {

    @Test
    void zoneTextEqualsTheJsonObjectWrittenOut() throws Exception {
        Zone zone = zone("example.org");
        zone.add(new RecordDraft("www", RecordType.A, "192.0.2.1", 300), 100);
        zone.add(new RecordDraft("@", RecordType.TXT, "say \"records\":[] here, with a \\ backslash", null), 101);
        zone.add(new RecordDraft("mail", RecordType.MX, "10 mx.example.org", 60), 102);
        zone.assign("example.net");

        assertEquals(
                ZoneRepresentations.zone(zone).toString(),
                ZoneRepresentations.zoneText(zone, written(zone)).json());
    }

    @Test
    void aZoneWithoutRecordsKeepsItsEmptyArray() throws Exception {
        Zone zone = zone("empty.example");
        assertEquals(
                ZoneRepresentations.zone(zone).toString(),
                ZoneRepresentations.zoneText(zone, List.of()).json());
    }

    @Test
    void theRecordsGoWhereTheRecordsBelongEvenIfAFieldBeforeThemLooksAlike() throws Exception {
        Zone zone = zone("tricky.example");
        zone.add(new RecordDraft("a", RecordType.A, "192.0.2.7", null), 100);
        set(zone, "nsSecond", "ns2.example.org\",\"records\":[]");
        assertEquals(
                ZoneRepresentations.zone(zone).toString(),
                ZoneRepresentations.zoneText(zone, written(zone)).json());
    }

    @Test
    void theZoneAsShownNamesTheMembersItsShapeDeclaresInTheirOrder() throws Exception {
        Zone zone = zone("example.org");
        zone.add(new RecordDraft("www", RecordType.A, "192.0.2.1", 300), 100);
        JsonText shown = ZoneRepresentations.withDnssec(ZoneRepresentations.zoneText(zone, written(zone)), null, true);
        JsonObject object =
                JsonFields.JSON.createReader(new StringReader(shown.json())).readObject();
        assertEquals(shape("Zone").memberNames(), List.copyOf(object.keySet()));
        assertEquals(
                shape("Record").memberNames(),
                List.copyOf(object.getJsonArray("records").getJsonObject(0).keySet()));
        assertEquals(
                shape("DnssecSummary").memberNames(),
                List.copyOf(object.getJsonObject("dnssec").keySet()));
    }

    /** The nameserver's keys are stored as its PublicKey writes them, and answered as stored. */
    @Test
    void aPublicKeyNamesTheMembersOfDnssecKey() {
        PublicKey key = new PublicKey(12345, 13, 257, "example.org. IN DNSKEY 257 3 13 AAAA", List.of("12345 13 2 AB"));
        assertEquals(shape("DnssecKey").memberNames(), List.copyOf(key.json().keySet()));
    }

    static WireShape<?> shape(String name) {
        return new ZoneRepresentations()
                .shapes().stream()
                        .filter(s -> s.name().equals(name))
                        .findFirst()
                        .orElseThrow();
    }

    private static List<JsonText> written(Zone zone) {
        return zone.records().stream()
                .map(r -> JsonText.of(ZoneRepresentations.record(r, zone)))
                .toList();
    }

    private static Zone zone(String name) throws Exception {
        Zone zone = new Zone(
                new Account("acme", false),
                name,
                name,
                new SoaSettings("hostmaster@" + name, 43200, 7200, 1209600, 300),
                "ns1.example.org",
                "ns2.example.org");
        set(zone, "id", 42L);
        return zone;
    }

    private static void set(Object target, String field, Object value) throws Exception {
        Field f = target.getClass().getDeclaredField(field);
        f.setAccessible(true);
        f.set(target, value);
    }
}
