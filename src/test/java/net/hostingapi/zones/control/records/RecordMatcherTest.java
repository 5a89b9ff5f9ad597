package net.hostingapi.zones.control.records;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import net.hostingapi.platform.messages.control.CommonMessages;
import net.hostingapi.platform.messages.control.Message;
import net.hostingapi.platform.messages.control.Violations;
import net.hostingapi.platform.parameters.control.FieldUpdate;
import net.hostingapi.zones.entity.RecordDraft;
import net.hostingapi.zones.entity.RecordType;
import net.hostingapi.zones.entity.SoaSettings;
import net.hostingapi.zones.entity.Zone;
import net.hostingapi.zones.entity.ZoneRecord;
import org.junit.jupiter.api.Test;

class RecordMatcherTest {

    private final Zone zone = new Zone(
            null, "example.com", "example.com", new SoaSettings("hostmaster@example.com", 1, 1, 1, 300), "a.", "b.");

    private ZoneRecord stored(String name, RecordType type, String data) {
        return zone.add(
                new RecordDraft(name, type, RecordData.validate(type, data), null),
                zone.records().size() + 1);
    }

    private static RecordSelector selector(String name, RecordType type, String data) {
        return new RecordSelector(name, FieldUpdate.absent(), type, data, null);
    }

    /** Data matches whenever an addition of it would find the record present: with or without a type. */
    @Test
    void dataMatchesInCanonicalFormWithOrWithoutAType() {
        ZoneRecord mx = stored("c", RecordType.MX, "10 mx.example.net.");
        ZoneRecord txt = stored("t", RecordType.TXT, "abc");
        ZoneRecord aaaa = stored("d", RecordType.AAAA, "2001:db8::1");
        Violations violations = new Violations();
        RecordMatcher untyped = RecordMatcher.of(selector("c", null, "10 MX.example.net."), "example.com", violations);
        RecordMatcher typed =
                RecordMatcher.of(selector("c", RecordType.MX, "10 mx.example.net."), "example.com", violations);
        assertTrue(untyped.matches(mx));
        assertTrue(typed.matches(mx));
        assertTrue(RecordMatcher.of(selector(null, null, "\"abc\""), "example.com", violations)
                .matches(txt));
        RecordMatcher address = RecordMatcher.of(selector(null, null, "2001:DB8:0::1"), "example.com", violations);
        assertTrue(address.matches(aaaa));
        assertFalse(address.matches(mx), "no valid MX data: matches no MX, without an error");
        assertTrue(violations.isEmpty(), violations.messages().toString());
    }

    /** What the binder refused (a name too long, no such type, an id no integer) is the one error. */
    @Test
    void aFieldRefusedWhileBindingIsTheOneError() {
        Violations violations = new Violations();
        Violations element = violations.at("records").at(0);
        element.at("type").add(CommonMessages.FIELD_INVALID, "must be one of A, AAAA, ...");
        assertNull(RecordMatcher.of(selector(null, null, null), "example.com", element));
        assertEquals(List.of("records[0].type"), fields(violations));

        Violations tooLong = new Violations();
        Violations first = tooLong.at("records").at(0);
        first.at("name").add(CommonMessages.FIELD_TOO_LONG, "size must be between 0 and 128");
        RecordMatcher.of(selector("x".repeat(129), null, null), "example.com", first);
        assertEquals(List.of("records[0].name"), fields(tooLong));

        Violations nothing = new Violations();
        RecordMatcher.of(
                selector(null, null, null), "example.com", nothing.at("records").at(0));
        assertEquals(List.of("records[0]"), fields(nothing), "no selector at all is still refused");
    }

    private static List<String> fields(Violations violations) {
        return violations.messages().stream().map(Message::field).toList();
    }
}
