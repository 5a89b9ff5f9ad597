package net.hostingapi.accounts.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RightTest {

    @Test
    void rightsGoIntoTheirRowAndComeBack() {
        Set<Right> some = EnumSet.of(Right.PROJECTS_CRUD, Right.DNS_ZONES_LIST, Right.ACCOUNT_TOKENS_LIST);
        assertEquals("DNS_ZONES_LIST,ACCOUNT_TOKENS_LIST,PROJECTS_CRUD", Right.keys(some));
        assertEquals(some, Right.ofKeys(Right.keys(some)));
        assertEquals(EnumSet.allOf(Right.class), Right.ofKeys(Right.keys(EnumSet.allOf(Right.class))));
    }

    @Test
    void noRightsIsAnEmptyColumn() {
        assertEquals("", Right.keys(EnumSet.noneOf(Right.class)));
        assertEquals(EnumSet.noneOf(Right.class), Right.ofKeys(""));
        assertEquals(EnumSet.noneOf(Right.class), Right.ofKeys(null));
    }

    @Test
    void aKeyNoRightHasAnyMoreGrantsNothing() {
        assertEquals(EnumSet.of(Right.DNS_ZONES_CRUD), Right.ofKeys("RETIRED_RIGHT,DNS_ZONES_CRUD,dns_zones_list"));
    }
}
