package net.hostingapi.zones.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Field;
import java.util.List;
import net.hostingapi.accounts.entity.Account;
import net.hostingapi.platform.json.control.JsonText;
import net.hostingapi.zones.entity.RecordDraft;
import net.hostingapi.zones.entity.RecordType;
import net.hostingapi.zones.entity.SoaSettings;
import net.hostingapi.zones.entity.Zone;
import org.junit.jupiter.api.Test;

/** The written-out zone (kept record texts spliced in) must equal the zone written by JSON-P. */
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
