package net.hostingapi.platform.parameters.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.hostingapi.platform.messages.control.CommonMessages;
import net.hostingapi.platform.messages.control.Message;
import net.hostingapi.platform.messages.control.Violations;
import org.junit.jupiter.api.Test;

class FieldOrderTest {

    record Entry(String name, Integer ttl, String data) {}

    record Change(
            @Param(aliases = "zone") String name,
            Integer ttl,
            List<Entry> records,
            @Param("project_uuid") String projectUuid,
            String comment) {}

    private static Map<String, Object> map(Object... keysAndValues) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return map;
    }

    private static List<String> sorted(FieldOrder order, String... fields) {
        List<String> list = new ArrayList<>(List.of(fields));
        list.sort(order);
        return list;
    }

    @Test
    void givenFieldsInTheRequestsOrderThenMissingOnesAsDeclared() {
        FieldOrder order = new FieldOrder(Change.class, map("comment", "x", "project_uuid", "p", "ttl", "1"));
        assertEquals(
                List.of("comment", "project_uuid", "ttl", "name", "records"),
                sorted(order, "records", "name", "ttl", "project_uuid", "comment"));
    }

    @Test
    void anAliasGivenCountsWhereItWasGiven() {
        FieldOrder order = new FieldOrder(Change.class, map("ttl", "1", "zone", "example.com"));
        assertEquals(List.of("ttl", "name", "comment"), sorted(order, "comment", "name", "ttl"));
    }

    @Test
    void elementsByIndexTheirFieldsAsGivenInTheElementAndAFieldBeforeItsSubFields() {
        FieldOrder order = new FieldOrder(
                Change.class,
                map("records", List.of(map("data", "d", "name", "n"), map("ttl", "x")), "name", "example.com"));
        assertEquals(
                List.of(
                        "records",
                        "records[0].data",
                        "records[0].name",
                        "records[0].ttl",
                        "records[1].ttl",
                        "records[1].name",
                        "records[10].name",
                        "name",
                        "ttl"),
                sorted(
                        order,
                        "ttl",
                        "records[10].name",
                        "records[1].name",
                        "records[0].ttl",
                        "name",
                        "records[1].ttl",
                        "records[0].name",
                        "records",
                        "records[0].data"));
    }

    @Test
    void bracketFormListsAreOrderedByIndex() {
        FieldOrder order = new FieldOrder(
                Change.class, map("records", map("1", map("data", "d", "ttl", "t"), "0", map("name", "n"))));
        assertEquals(
                List.of("records[0].name", "records[1].data", "records[1].ttl"),
                sorted(order, "records[1].ttl", "records[0].name", "records[1].data"));
    }

    @Test
    void messagesWithoutAFieldComeLast() {
        FieldOrder order = new FieldOrder(Change.class, map());
        assertEquals(List.of("name", "unknown", ""), sorted(order, "", "unknown", "name"));
    }

    @Test
    void violationsAreListedInTheFieldOrderWheneverTheyWereFound() {
        Violations violations = new Violations(new FieldOrder(Change.class, map("ttl", "x", "name", "")));
        violations.at("comment").add(CommonMessages.FIELD_TOO_LONG, "too long");
        violations.at("name").add(CommonMessages.FIELD_REQUIRED, "required");
        violations.at("ttl").add(CommonMessages.FIELD_INVALID, "must be an integer");
        violations.at("name").add(CommonMessages.FIELD_INVALID, "found later");

        assertEquals(
                List.of("ttl", "name", "name", "comment"),
                violations.messages().stream().map(Message::field).toList());
        assertEquals(
                List.of(
                        CommonMessages.FIELD_INVALID,
                        CommonMessages.FIELD_REQUIRED,
                        CommonMessages.FIELD_INVALID,
                        CommonMessages.FIELD_TOO_LONG),
                violations.messages().stream().map(Message::code).toList(),
                "one field's in the order found");
    }
}
