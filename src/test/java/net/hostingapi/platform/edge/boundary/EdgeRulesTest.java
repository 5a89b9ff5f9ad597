package net.hostingapi.platform.edge.boundary;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The rules EdgeFilter applies before and after the servlets (its HTTP behaviour: EdgeRequestsIT). */
class EdgeRulesTest {

    @Test
    void pathsThatAreNotUriSyntaxOrNotUtf8AreMalformed() {
        for (String path :
                List.of("/api/v1/dns/zones", "/api/v1/dns/zones/%C3%A4x.example/assignDomain", "/", "/a;b=c")) {
            assertTrue(EdgeFilter.isWellFormedPath(path), path);
        }
        // what the connector passes on since it decodes paths as ISO-8859-1: raw bytes come as those chars
        for (String path : List.of(
                "/api/v1/dns/zones/%C0%AF",
                "/%ff", "/api/v1/%e2%80", "/api/v1/dns/\u00ff\u00fe", "/x\u00e9", "/%ZZ", "/%4", "/{x}", "x")) {
            assertFalse(EdgeFilter.isWellFormedPath(path), path);
        }
    }

    @Test
    void queryParametersAreDecodedAsUtf8AndTheBodyNeverConsulted() {
        Map<String, String[]> parameters = QueryOnlyParameters.parse("format=json&a=1&a=%C3%A4+b&flag&=x&bad=%ZZ%&&");
        assertEquals(List.of("format", "a", "flag", "", "bad"), List.copyOf(parameters.keySet()));
        assertArrayEquals(new String[] {"json"}, parameters.get("format"));
        assertArrayEquals(new String[] {"1", "\u00e4 b"}, parameters.get("a"));
        assertArrayEquals(new String[] {""}, parameters.get("flag"));
        assertArrayEquals(new String[] {"%ZZ%"}, parameters.get("bad"));
        assertEquals(Map.of(), QueryOnlyParameters.parse(null));
        assertEquals(Map.of(), QueryOnlyParameters.parse(""));
    }

    @Test
    void allowNamesNoTrace() {
        assertEquals("GET, HEAD, OPTIONS", AllowedMethods.withoutTrace("GET, HEAD, TRACE, OPTIONS"));
        assertEquals("GET, POST", AllowedMethods.withoutTrace("GET,trace,POST"));
        assertNull(AllowedMethods.withoutTrace("TRACE"));
        assertNull(AllowedMethods.withoutTrace(null));
    }
}
