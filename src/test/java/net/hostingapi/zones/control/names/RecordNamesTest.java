package net.hostingapi.zones.control.names;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class RecordNamesTest {

    private static final String ZONE = "example.com";

    @Test
    void nullEmptyAndAtAreTheApex() {
        assertEquals("@", RecordNames.relative(null, ZONE));
        assertEquals("@", RecordNames.relative("", ZONE));
        assertEquals("@", RecordNames.relative("@", ZONE));
    }

    @ParameterizedTest
    @CsvSource({
        "www, www",
        "WWW, www",
        "a.b.c, a.b.c",
        "www.example.com, www",
        "www.example.com., www",
        "Mail.Example.COM., mail",
        "example.com, @",
        "example.com., @",
        "*, *",
        "*.dev, *.dev",
        "*.example.com., *",
        "_acme-challenge, _acme-challenge",
        "_sip._tcp, _sip._tcp",
        "_25._tcp.mail.example.com., _25._tcp.mail",
        "bücher, xn--bcher-kva",
        "www.notexample.com, www.notexample.com",
    })
    void makesNamesRelative(String input, String expected) {
        assertEquals(expected, RecordNames.relative(input, ZONE));
    }

    @Test
    void qualifiedNameOutsideTheZoneIsRejected() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> RecordNames.relative("www.example.org.", ZONE));
        assertTrue(e.getMessage().contains("outside the zone"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> RecordNames.relative("notexample.com.", ZONE));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                " ",
                ".",
                "a..b",
                "-www",
                "www-",
                "w w",
                "www\n",
                "www\u007f",
                "a.*",
                "*a",
                "**",
                "a.*.b",
                "@.www",
                "www@",
                "_",
                "_-x",
                "we_b",
                "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
            })
    void rejects(String input) {
        assertThrows(IllegalArgumentException.class, () -> RecordNames.relative(input, ZONE));
    }

    @Test
    void inputIsAtMost128Characters() {
        String name128 = "a".repeat(62) + "." + "b".repeat(63) + ".c";
        assertEquals(128, name128.length());
        assertEquals(name128, RecordNames.relative(name128, ZONE));
        String name129 = name128 + "c";
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> RecordNames.relative(name129, ZONE));
        assertTrue(e.getMessage().contains("128"), e.getMessage());
    }

    @Test
    void absoluteNameIsAtMost253Characters() {
        String longZone = "z".repeat(63) + "." + "y".repeat(60) + ".com"; // 128 characters
        String name124 = "a".repeat(63) + "." + "b".repeat(60); // 124 + 1 + 128 = 253
        assertEquals(name124, RecordNames.relative(name124, longZone));
        assertThrows(IllegalArgumentException.class, () -> RecordNames.relative(name124 + "b", longZone));
    }

    @Test
    void absoluteAddsTheZoneAndTrailingDot() {
        assertEquals("www.example.com.", RecordNames.absolute("www", ZONE));
        assertEquals("example.com.", RecordNames.absolute("@", ZONE));
        assertEquals("*.dev.example.com.", RecordNames.absolute("*.dev", ZONE));
    }
}
