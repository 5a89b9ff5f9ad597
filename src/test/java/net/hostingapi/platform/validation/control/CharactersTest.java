package net.hostingapi.platform.validation.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.hostingapi.platform.messages.control.CommonMessages;
import org.junit.jupiter.api.Test;

class CharactersTest {

    private static final String EMOJI = "\uD83D\uDE00"; // U+1F600: one character, two UTF-16 units

    record Name(
            @Characters(max = 100) String firstname,
            @Characters(min = 1, max = 3) String filter) {}

    private static Characters.Validator bounds(String component) throws Exception {
        Characters characters =
                Name.class.getRecordComponents()[component.equals("firstname") ? 0 : 1].getAnnotation(Characters.class);
        Characters.Validator validator = new Characters.Validator();
        validator.initialize(characters);
        return validator;
    }

    @Test
    void countsCodePointsNotUtf16Units() throws Exception {
        Characters.Validator hundred = bounds("firstname");
        assertTrue(hundred.isValid(EMOJI.repeat(51), null), "51 characters");
        assertTrue(hundred.isValid(EMOJI.repeat(100), null));
        assertFalse(hundred.isValid(EMOJI.repeat(101), null));
        assertTrue(hundred.isValid("a".repeat(99) + EMOJI, null));
        assertFalse(hundred.isValid("a".repeat(100) + EMOJI, null));
        assertTrue(hundred.isValid(null, null), "absent is another constraint's business");
        assertEquals(1, Characters.Validator.count(EMOJI));
        assertEquals(1, Characters.Validator.count("\uD83D"), "an unpaired surrogate is one");
    }

    @Test
    void boundsAreInclusiveAtBothEnds() throws Exception {
        Characters.Validator oneToThree = bounds("filter");
        assertFalse(oneToThree.isValid("", null));
        assertTrue(oneToThree.isValid(EMOJI, null));
        assertTrue(oneToThree.isValid(EMOJI.repeat(3), null));
        assertFalse(oneToThree.isValid(EMOJI.repeat(4), null));
    }

    @Test
    void keepsTheMessageAndCodeOfSize() throws Exception {
        Characters characters = Name.class.getRecordComponents()[0].getAnnotation(Characters.class);
        assertEquals("size must be between {min} and {max}", characters.message());
        assertEquals(CommonMessages.FIELD_TOO_LONG, characters.code());
    }
}
