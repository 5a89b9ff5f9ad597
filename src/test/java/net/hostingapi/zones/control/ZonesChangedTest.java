package net.hostingapi.zones.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import net.hostingapi.accounts.entity.Account;
import net.hostingapi.zones.control.settings.ZoneSettings;
import net.hostingapi.zones.control.settings.ZoneSettingsFixture;
import net.hostingapi.zones.entity.RecordDraft;
import net.hostingapi.zones.entity.RecordType;
import net.hostingapi.zones.entity.SoaSettings;
import net.hostingapi.zones.entity.Zone;
import net.hostingapi.zones.entity.ZoneRecord;
import org.junit.jupiter.api.Test;

/** A change of records names the RRsets it touched as they are served, or, when many, none (the whole zone). */
class ZonesChangedTest {

    private final Zone zone = new Zone(
            new Account("acme", false),
            "rr.example",
            "rr.example",
            new SoaSettings("hostmaster@rr.example", 43200, 7200, 1209600, 300),
            "ns1.rr.example",
            "ns2.rr.example");

    @Test
    void namesEachOwnerAndServedTypeOnce() {
        ZoneSettings settings = ZoneSettingsFixture.withWebForward("198.51.100.7", Optional.of("2001:db8::7"));
        List<ZoneRecord> records = List.of(
                zone.add(new RecordDraft("www", RecordType.A, "192.0.2.1", null), 1),
                zone.add(new RecordDraft("www", RecordType.A, "192.0.2.2", 60), 2),
                zone.add(new RecordDraft("@", RecordType.MX, "10 mail.rr.example", null), 3),
                zone.add(new RecordDraft("go", RecordType.HTTP_REDIRECT, "https://example.org/", null), 4));

        ZonesChanged changed = ZonesChanged.ofRecords(List.of("rr.example", "d.example"), records, settings);

        assertEquals(Set.of("rr.example", "d.example"), changed.names());
        // a web forward is served as the forwarder's A and AAAA
        assertEquals(Set.of("www A", "@ MX", "go A", "go AAAA"), changed.rrsets());
    }

    @Test
    void moreRrsetsThanTheBoundAreTheWholeZone() {
        ZoneSettings settings = new ZoneSettings();
        List<ZoneRecord> records = new ArrayList<>();
        for (int i = 0; i <= ZonesChanged.MOST_RRSETS; i++) {
            records.add(zone.add(new RecordDraft("h" + i, RecordType.A, "192.0.2.1", null), i + 1));
        }

        assertNull(
                ZonesChanged.ofRecords(List.of("rr.example"), records, settings).rrsets());
        assertEquals(
                ZonesChanged.MOST_RRSETS,
                ZonesChanged.ofRecords(List.of("rr.example"), records.subList(0, ZonesChanged.MOST_RRSETS), settings)
                        .rrsets()
                        .size());
        assertNull(ZonesChanged.of(List.of("rr.example")).rrsets(), "any other change: the whole zone");
    }
}
