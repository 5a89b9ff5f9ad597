package net.hostingapi.zones.entity;

import static net.hostingapi.zones.entity.RecordType.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import org.junit.jupiter.api.Test;

class RecordTypeTest {

    private static final EnumSet<RecordType> CREATE_ADD =
            EnumSet.of(A, AAAA, CNAME, MX, SRV, TXT, CAA, PTR, NS, HTTP_FRAME, HTTP_REDIRECT);

    @Test
    void allThirteenTypesInSpecOrder() {
        assertEquals(
                "[A, AAAA, CNAME, MX, SRV, TXT, CAA, PTR, NS, HTTP_FRAME, HTTP_REDIRECT, TLSA, DS]",
                java.util.Arrays.toString(values()));
    }

    @Test
    void createAndAddAllowElevenTypesWithoutTlsaAndDs() {
        assertEquals(CREATE_ADD, Operation.CREATE.allowedTypes());
        assertEquals(CREATE_ADD, Operation.ADD.allowedTypes());
        assertFalse(Operation.ADD.allows(TLSA));
        assertFalse(Operation.ADD.allows(DS));
        assertFalse(Operation.CREATE.allows(TLSA));
        assertTrue(Operation.ADD.allows(HTTP_REDIRECT));
    }

    @Test
    void deleteAddsTlsaButNotDs() {
        EnumSet<RecordType> expected = EnumSet.copyOf(CREATE_ADD);
        expected.add(TLSA);
        assertEquals(expected, Operation.DELETE.allowedTypes());
        assertFalse(Operation.DELETE.allows(DS));
    }

    @Test
    void dsOnlyOnUpdate() {
        assertEquals(EnumSet.allOf(RecordType.class), Operation.UPDATE.allowedTypes());
        for (Operation operation : Operation.values()) {
            assertEquals(operation == Operation.UPDATE, operation.allows(DS), operation.name());
        }
    }

    @Test
    void allowedTypesCannotBeModified() {
        assertThrows(
                UnsupportedOperationException.class,
                () -> Operation.ADD.allowedTypes().add(DS));
        assertFalse(Operation.ADD.allows(DS));
    }

    @Test
    void httpTypesAreNoDnsTypes() {
        assertFalse(HTTP_FRAME.isDnsType());
        assertFalse(HTTP_REDIRECT.isDnsType());
        assertTrue(A.isDnsType());
        assertTrue(DS.isDnsType());
    }
}
