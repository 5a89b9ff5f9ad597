package net.hostingapi.platform.messages.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ViolationsTest {

    @Test
    void aNestedViewReportsTheFieldsPathFirstInItsText() {
        Violations violations = new Violations();
        violations.at("records").at(2).at("ttl").add(CommonMessages.FIELD_OUT_OF_RANGE, "must be at least 60");
        violations.at("name").add(CommonMessages.FIELD_INVALID, "is not a domain name");

        assertEquals(
                List.of(
                        new Message(
                                CommonMessages.FIELD_OUT_OF_RANGE,
                                "records[2].ttl: must be at least 60",
                                "records[2].ttl"),
                        new Message(CommonMessages.FIELD_INVALID, "name: is not a domain name", "name")),
                violations.messages());
    }

    @Test
    void viewsShareOneListAndKnowWhatIsReportedAtTheirField() {
        Violations violations = new Violations();
        Violations record = violations.at("records").at(0);
        record.at("data").add(CommonMessages.FIELD_INVALID, "bad");

        assertEquals(1, violations.count());
        assertTrue(record.at("data").reported());
        assertFalse(record.at("name").reported());
        assertFalse(record.reported());
        assertEquals(0, violations.at("zone").only().count());
    }

    @Test
    void throwsOne422NamingEveryViolationOnlyWhenThereIsOne() {
        Violations violations = new Violations();
        violations.throwIfAny();
        violations.at("a").add(CommonMessages.FIELD_REQUIRED, "required");
        violations.at("b").add(CommonMessages.FIELD_REQUIRED, "required");

        ApiException thrown = assertThrows(ApiException.class, violations::throwIfAny);
        assertEquals(422, thrown.status());
        assertEquals(
                List.of("a", "b"), thrown.errors().stream().map(Message::field).toList());
    }
}
