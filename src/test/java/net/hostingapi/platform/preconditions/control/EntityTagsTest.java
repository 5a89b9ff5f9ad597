package net.hostingapi.platform.preconditions.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Entity tags, their lists and the two comparisons of RFC 9110 (8.8.3, 13.1.1, 13.1.2). */
class EntityTagsTest {

    private static final String CURRENT = EntityTags.strong("zone", 1, 7);

    @Test
    void aStrongTagIsQuotedOpaqueAndFollowsEveryPart() {
        assertTrue(CURRENT.matches("\"[A-Za-z0-9_-]{20}\""), CURRENT);
        assertEquals(CURRENT, EntityTags.strong("zone", 1, 7));
        assertNotEquals(CURRENT, EntityTags.strong("zone", 1, 8));
        assertNotEquals(EntityTags.strong("ab", "c"), EntityTags.strong("a", "bc"));
        assertNotEquals(EntityTags.strong("a", null), EntityTags.strong("a", "null", null));
    }

    @Test
    void listsAreParsedMemberByMember() {
        assertEquals(
                List.of(
                        new EntityTags.Member(false, false, "\"a\""),
                        new EntityTags.Member(false, true, "\"b\""),
                        new EntityTags.Member(true, false, null)),
                EntityTags.parse(" \"a\" ,W/\"b\",\t*"));
        assertEquals(List.of(), EntityTags.parse(""));
        assertEquals(List.of(), EntityTags.parse(null));
        // commas inside a tag are not allowed to split it: "a,b" is one (odd) tag
        assertEquals(List.of(new EntityTags.Member(false, false, "\"a,b\"")), EntityTags.parse("\"a,b\""));
    }

    @Test
    void whatIsNoEntityTagIsLeftOutAndTheRestStillCounts() {
        assertEquals(List.of(new EntityTags.Member(false, false, "\"ok\"")), EntityTags.parse("bare, \"ok\""));
        assertEquals(List.of(new EntityTags.Member(false, false, "\"ok\"")), EntityTags.parse("\"unclosed, \"ok\""));
        assertEquals(List.of(), EntityTags.parse("\"has space\""));
        assertEquals(List.of(), EntityTags.parse("\"a\"junk"));
        assertEquals(List.of(), EntityTags.parse("w/\"a\""));
        assertEquals(List.of(), EntityTags.parse("\"\u0100\""));
    }

    @Test
    void ifMatchComparesStrongly() {
        assertTrue(EntityTags.matchesStrongly(EntityTags.parse(CURRENT), CURRENT));
        assertTrue(EntityTags.matchesStrongly(EntityTags.parse("\"other\", " + CURRENT), CURRENT));
        assertTrue(EntityTags.matchesStrongly(EntityTags.parse("*"), CURRENT));
        assertFalse(EntityTags.matchesStrongly(EntityTags.parse("W/" + CURRENT), CURRENT), "a weak tag never matches");
        assertFalse(EntityTags.matchesStrongly(EntityTags.parse("\"other\""), CURRENT));
        assertFalse(EntityTags.matchesStrongly(EntityTags.parse("garbage"), CURRENT));
        assertFalse(EntityTags.matchesStrongly(EntityTags.parse(""), CURRENT));
        assertFalse(EntityTags.matchesStrongly(EntityTags.parse("*"), null), "* needs an existing object");
    }

    @Test
    void ifNoneMatchComparesWeakly() {
        assertTrue(EntityTags.matchesWeakly(EntityTags.parse(CURRENT), CURRENT));
        assertTrue(EntityTags.matchesWeakly(EntityTags.parse("W/" + CURRENT), CURRENT));
        assertTrue(EntityTags.matchesWeakly(EntityTags.parse("\"x\", W/\"y\", " + CURRENT), CURRENT));
        assertTrue(EntityTags.matchesWeakly(EntityTags.parse("*"), CURRENT));
        assertFalse(EntityTags.matchesWeakly(EntityTags.parse("\"x\""), CURRENT));
        assertFalse(EntityTags.matchesWeakly(EntityTags.parse("garbage"), CURRENT));
        assertFalse(EntityTags.matchesWeakly(EntityTags.parse("*"), null));
    }
}
