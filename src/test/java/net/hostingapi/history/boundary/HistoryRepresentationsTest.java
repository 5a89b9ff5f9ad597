package net.hostingapi.history.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.json.JsonObject;
import java.time.LocalDateTime;
import java.util.List;
import net.hostingapi.history.entity.ZoneChangeEntry;
import net.hostingapi.platform.openapi.boundary.WireShape;
import net.hostingapi.platform.openapi.boundary.WireShapes;
import net.hostingapi.zones.boundary.ZoneRepresentations;
import org.junit.jupiter.api.Test;

/**
 * A history entry's records and settings are read from the stored JSON, so written by hand in the
 * shapes of the zones' RecordChange and SettingChange: they must name the same members in the same order.
 */
class HistoryRepresentationsTest {

    @Test
    void anEntryNamesTheMembersOfItsShapesInTheirOrder() {
        ZoneChangeEntry entry = new ZoneChangeEntry(
                1,
                2,
                "example.org",
                LocalDateTime.of(2026, 11, 23, 20, 15),
                "import",
                "bob",
                7L,
                "192.0.2.1",
                "dns-update",
                "acme-key.tsig.example.",
                "[{\"name\":\"www\",\"type\":\"A\",\"data\":\"192.0.2.1\",\"ttl\":300}]",
                "[]",
                "{\"ttl\":[300,600]}",
                5L,
                6L,
                null);
        JsonObject written = HistoryRepresentations.entry(entry);
        assertEquals(shape(new HistoryRepresentations(), "HistoryEntry").memberNames(), List.copyOf(written.keySet()));
        assertEquals(
                shape(new ZoneRepresentations(), "RecordChange").memberNames(),
                List.copyOf(written.getJsonArray("added").getJsonObject(0).keySet()));
        assertEquals(
                shape(new ZoneRepresentations(), "SettingChange").memberNames(),
                List.copyOf(
                        written.getJsonObject("settings").getJsonObject("ttl").keySet()));
    }

    private static WireShape<?> shape(WireShapes area, String name) {
        return area.shapes().stream()
                .filter(s -> s.name().equals(name))
                .findFirst()
                .orElseThrow();
    }
}
