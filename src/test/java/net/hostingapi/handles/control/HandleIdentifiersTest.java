package net.hostingapi.handles.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class HandleIdentifiersTest {

    @Test
    void upperCaseUrlSafeAndWithoutLookAlikes() {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 2000; i++) {
            String id = HandleIdentifiers.next();
            assertTrue(id.matches("H[A-HJ-NP-Z2-9]{9}"), id);
            assertEquals(id, URLEncoder.encode(id, StandardCharsets.UTF_8));
            seen.add(id);
        }
        assertEquals(2000, seen.size(), "45 random bits: no repeats in a few thousand");
    }
}
