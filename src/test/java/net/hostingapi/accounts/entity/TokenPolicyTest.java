package net.hostingapi.accounts.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import net.hostingapi.zones.entity.RecordType;
import org.junit.jupiter.api.Test;

class TokenPolicyTest {

    private static TokenPolicy names(String... patterns) {
        return new TokenPolicy(List.of(), List.of(patterns), List.of(), List.of(), null);
    }

    @Test
    void aStarLabelStandsForOneOrMoreLabels() {
        TokenPolicy acme = names("_acme-challenge", "_acme-challenge.*");
        assertTrue(acme.allowsRecord("_acme-challenge", "TXT"));
        assertTrue(acme.allowsRecord("_acme-challenge.www", "TXT"));
        assertTrue(acme.allowsRecord("_ACME-challenge.a.b", "TXT"), "any case, several labels");
        assertFalse(acme.allowsRecord("www", "TXT"));
        assertFalse(acme.allowsRecord("x._acme-challenge", "TXT"));
        assertFalse(acme.allowsRecord("_acme-challengex", "TXT"));
        assertFalse(acme.allowsRecord("@", "TXT"));
        assertTrue(names("*.dev").allowsRecord("api.dev", "A"));
        assertFalse(names("*.dev").allowsRecord("dev", "A"));
        assertTrue(names("*").allowsRecord("@", "A"));
        assertTrue(names("@").allowsRecord("@", "MX"));
    }

    @Test
    void typesAndZonesLimitOnlyWhenListed() {
        TokenPolicy txt = new TokenPolicy(List.of("example.com"), List.of(), List.of("TXT"), List.of(), null);
        assertTrue(txt.allowsRecord("anything", "TXT"));
        assertFalse(txt.allowsRecord("anything", "A"));
        assertTrue(txt.allowsZone("example.com"));
        assertFalse(txt.allowsZone("example.org"));
        assertTrue(TokenPolicy.NONE.allowsZone("example.org"));
        assertTrue(TokenPolicy.NONE.allowsRecord("x", "A"));
        assertTrue(TokenPolicy.NONE.allowsAddress("203.0.113.1"));
    }

    @Test
    void addressesMatchTheirRanges() {
        TokenPolicy ranges =
                new TokenPolicy(List.of(), List.of(), List.of(), List.of("198.51.100.0/24", "2001:db8::/32"), null);
        assertTrue(ranges.allowsAddress("198.51.100.255"));
        assertTrue(ranges.allowsAddress("2001:db8::5"));
        assertFalse(ranges.allowsAddress("198.51.101.1"));
        assertFalse(ranges.allowsAddress("not an address"));
    }

    @Test
    void anInnerPolicyMayOnlyNarrow() {
        TokenPolicy outer = new TokenPolicy(
                List.of("a.example"), List.of("_acme-challenge"), List.of("TXT"), List.of("10.0.0.0/8"), 30);
        assertEquals(List.of(), outer.widenedBy(outer));
        assertEquals(
                List.of(),
                outer.widenedBy(new TokenPolicy(
                        List.of("a.example"), List.of("_acme-challenge"), List.of("TXT"), List.of("10.1.0.0/16"), 7)));
        assertEquals(
                List.of("zones", "names", "types", "subnets", "max_unused_days"), outer.widenedBy(TokenPolicy.NONE));
        assertEquals(
                List.of("subnets"),
                outer.widenedBy(new TokenPolicy(
                        List.of("a.example"), List.of("_acme-challenge"), List.of("TXT"), List.of("0.0.0.0/0"), 30)));
        assertEquals(List.of(), TokenPolicy.NONE.widenedBy(outer), "no policy limits nothing");
    }

    @Test
    void namePatternsAreRelativeNamesWithStarLabels() {
        for (String ok : List.of("@", "*", "_acme-challenge", "_acme-challenge.*", "*.dev", "a.b.c")) {
            assertTrue(TokenPolicy.isNamePattern(ok), ok);
        }
        for (String bad : List.of("", "a..b", "a.", ".a", "a b", "a*", "-a", "x".repeat(64))) {
            assertFalse(TokenPolicy.isNamePattern(bad), bad);
        }
    }

    /** The accounts area keeps its own list so that it needs nothing of zones; it must stay the same. */
    @Test
    void theRecordTypesAPolicyNamesAreTheZonesOnes() throws Exception {
        var field = Class.forName("net.hostingapi.accounts.control.TokenPolicyInput")
                .getDeclaredField("RECORD_TYPES");
        field.setAccessible(true);
        assertEquals(Arrays.stream(RecordType.values()).map(Enum::name).toList(), field.get(null));
    }
}
