package net.hostingapi.zones.control.names;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.hostingapi.zones.control.names.ZoneNames.ZoneName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ZoneNamesTest {

    @Test
    void lowerCasesAndDropsTrailingDot() {
        assertEquals(new ZoneName("example.com", "example.com"), ZoneNames.normalize("Example.COM."));
        assertEquals(
                "sub.example.co.uk", ZoneNames.normalize("sub.example.co.uk").name());
        assertEquals(
                "3.2.1.in-addr.arpa", ZoneNames.normalize("3.2.1.in-addr.arpa").name());
    }

    @Test
    void idnBecomesItsALabelWithUnicodeBeside() {
        assertEquals(new ZoneName("xn--mnchen-3ya.example", "münchen.example"), ZoneNames.normalize("münchen.example"));
        assertEquals(
                new ZoneName("xn--mnchen-3ya.example", "münchen.example"), ZoneNames.normalize("MÜNCHEN.example."));
        assertEquals(
                new ZoneName("xn--mnchen-3ya.example", "münchen.example"),
                ZoneNames.normalize("xn--mnchen-3ya.example"));
    }

    @Test
    void acceptsLabelsOf63AndNamesOf253Characters() {
        String label63 = "a".repeat(63);
        assertEquals(label63 + ".com", ZoneNames.normalize(label63 + ".com").name());
        String name253 = String.join(".", "a".repeat(63), "b".repeat(63), "c".repeat(63), "d".repeat(57), "com");
        assertEquals(253, name253.length());
        assertEquals(name253, ZoneNames.normalize(name253).name());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                " ",
                "com",
                "com.",
                ".",
                "example..com",
                ".example.com",
                "-example.com",
                "example-.com",
                "exa_mple.com",
                "*.example.com",
                "exa mple.com",
                "example.com\n",
                "exa\u0000mple.com",
                "1.2.3.4",
                "xn--zz-invalid-punycode-.com",
                "xn--99999999.com",
                "a@b.com"
            })
    void rejects(String input) {
        assertThrows(IllegalArgumentException.class, () -> ZoneNames.normalize(input));
        assertFalse(ZoneNames.isValidDomainName(input));
    }

    @Test
    void rejectsTooLongLabelsAndNames() {
        assertThrows(IllegalArgumentException.class, () -> ZoneNames.normalize("a".repeat(64) + ".com"));
        String name254 = String.join(".", "a".repeat(63), "b".repeat(63), "c".repeat(63), "d".repeat(58), "com");
        assertEquals(254, name254.length());
        assertThrows(IllegalArgumentException.class, () -> ZoneNames.normalize(name254));
    }

    @Test
    void rejectsNullWithAMessage() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ZoneNames.normalize(null));
        assertEquals("must not be empty", e.getMessage());
        assertFalse(ZoneNames.isValidDomainName(null));
    }

    @Test
    void domainNamesFollowTheSameRules() {
        assertTrue(ZoneNames.isValidDomainName("shop.example.org"));
        assertTrue(ZoneNames.isValidDomainName("bücher.de"));
        assertFalse(ZoneNames.isValidDomainName("localhost"));
    }
}
