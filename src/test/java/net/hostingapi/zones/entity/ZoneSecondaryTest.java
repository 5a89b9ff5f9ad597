package net.hostingapi.zones.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ZoneSecondaryTest {

    @Test
    void theRowKeepsTheListAsItWasGivenAndNullForNone() {
        List<ZoneSecondary> secondaries = List.of(
                new ZoneSecondary("192.0.2.53", 53, null),
                new ZoneSecondary("2001:db8::53", 5353, "token-7-0a1b2c3d4e.tsig"));
        String json = ZoneSecondary.json(secondaries);
        assertEquals(secondaries, ZoneSecondary.parse(json));
        assertNull(ZoneSecondary.json(List.of()));
        assertEquals(List.of(), ZoneSecondary.parse(null));
    }

    @Test
    void aZoneTellsWhetherItsSecondariesChanged() {
        Zone zone = new Zone(
                null,
                "example.com",
                "example.com",
                new SoaSettings("hostmaster.example.com", 43200, 7200, 1209600, 300),
                "ns1.example.net",
                "ns2.example.net");
        assertEquals(List.of(), zone.secondaries());
        List<ZoneSecondary> one = List.of(new ZoneSecondary("192.0.2.53", 53, null));
        assertTrue(zone.transferTo(one));
        assertFalse(zone.transferTo(one), "the same list again changes nothing");
        assertEquals(one, zone.secondaries());
        assertTrue(zone.transferTo(List.of()));
        assertEquals(List.of(), zone.secondaries());
    }
}
