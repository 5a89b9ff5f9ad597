package net.hostingapi.zones.control.claims;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class NameClaimsTest {

    @Test
    void namesAboveStopAtTwoLabels() {
        assertEquals(List.of("b.c.example", "c.example"), NameClaims.above("a.b.c.example"));
        assertEquals(List.of(), NameClaims.above("x.example"));
    }

    @Test
    void recordNamesBetweenTheirOwnerAndTheApex() {
        assertEquals(List.of("a.b.zone.example", "b.zone.example"), NameClaims.betweenApexAnd("a.b", "zone.example"));
        assertEquals(List.of("shop.zone.example"), NameClaims.betweenApexAnd("*.shop", "zone.example"));
        assertEquals(List.of(), NameClaims.betweenApexAnd("@", "zone.example"));
        assertEquals(List.of(), NameClaims.betweenApexAnd("*", "zone.example"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"com", "co.uk", "github.io", "blogspot.com", "xn--fiqs8s", "中国", "s3.amazonaws.com"})
    void publicSuffixesAfterTheList(String name) {
        assertTrue(NameClaims.isPublicSuffix(name), name);
    }

    @ParameterizedTest
    @ValueSource(strings = {"example.com", "foo.co.uk", "me.github.io", "example.test", "x.example", "a..b"})
    void namesBelowOrOutsideTheList(String name) {
        assertFalse(NameClaims.isPublicSuffix(name), name);
    }
}
