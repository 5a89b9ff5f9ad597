package net.hostingapi.nameserver.control;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** When a change of an unsigned zone needs PowerDNS to rectify it, and when it does not. */
class RectificationTest {

    private static final String APEX = "example.org.";

    @Test
    void namesDirectlyBelowTheApexThatKeepRecordsNeedNone() {
        Map<String, JsonObject> desired = zone(
                "example.org. SOA",
                "example.org. NS",
                "www.example.org. A",
                "www.example.org. TXT",
                "*.example.org. A");
        assertFalse(needs(List.of("example.org. SOA", "www.example.org. A"), desired));
        assertFalse(needs(List.of("www.example.org. TXT", "*.example.org. A"), desired));
        assertFalse(needs(List.of("example.org. NS", "example.org. MX"), desired), "the apex's own records");
    }

    @Test
    void aNameOfMoreThanOneLabelBelowTheApexNeedsIt() {
        Map<String, JsonObject> desired = zone("example.org. SOA", "a.b.example.org. A");
        assertTrue(
                needs(List.of("example.org. SOA", "a.b.example.org. A"), desired), "b becomes an empty non-terminal");
        assertTrue(needs(List.of("sel._domainkey.example.org. TXT"), desired));
    }

    @Test
    void delegationsAndTheirGlueNeedIt() {
        Map<String, JsonObject> desired =
                zone("example.org. SOA", "sub.example.org. NS", "sub.example.org. A", "sub.example.org. DS");
        assertTrue(needs(List.of("sub.example.org. NS"), desired), "a delegation");
        assertTrue(needs(List.of("sub.example.org. A"), desired), "an address at a delegation is glue");
        assertTrue(needs(List.of("sub.example.org. DS"), desired));
        assertTrue(needs(List.of("gone.example.org. NS"), zone("example.org. SOA")), "a delegation removed");
    }

    @Test
    void aNameLeftWithoutRecordsNeedsIt() {
        Map<String, JsonObject> desired = zone("example.org. SOA", "www.example.org. A");
        assertTrue(needs(List.of("mail.example.org. A"), desired), "names below it become an empty non-terminal's");
        assertFalse(needs(List.of("www.example.org. TXT"), desired), "www keeps its address");
    }

    @Test
    void namesOutsideTheZoneOrSimilarToTheApexNeedIt() {
        assertTrue(needs(List.of("wwwexample.org. A"), zone("wwwexample.org. A")));
    }

    private static boolean needs(List<String> changed, Map<String, JsonObject> desired) {
        return PowerDnsPublisher.needsRectification(APEX, changed, desired);
    }

    private static Map<String, JsonObject> zone(String... keys) {
        Map<String, JsonObject> rrsets = new LinkedHashMap<>();
        for (String key : keys) {
            rrsets.put(key, JsonValue.EMPTY_JSON_OBJECT);
        }
        return rrsets;
    }
}
