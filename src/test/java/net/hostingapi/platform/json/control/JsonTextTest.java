package net.hostingapi.platform.json.control;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Pieces joined without copying must write exactly the text they stand for, and say its length in bytes. */
class JsonTextTest {

    @Test
    void joinedPiecesWriteTheWholeTextAndItsLengthInBytes() throws Exception {
        JsonText zone = JsonText.join(
                JsonText.of("{\"name\":\"bücher.example\",\"records\":["),
                JsonText.joinWith(JsonText.of(","), List.of(JsonText.of("{\"id\":1}"), JsonText.of("{\"id\":2}"))),
                JsonText.of("],\"ttl\":300}"));
        String expected = "{\"name\":\"bücher.example\",\"records\":[{\"id\":1},{\"id\":2}],\"ttl\":300}";
        assertEquals(expected, zone.json());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        zone.writeTo(out);
        assertArrayEquals(expected.getBytes(StandardCharsets.UTF_8), out.toByteArray());
        assertEquals(expected.getBytes(StandardCharsets.UTF_8).length, zone.length());
    }

    @Test
    void anArrayOfNoneOrOneElementHasNoSeparator() {
        JsonText comma = JsonText.of(",");
        assertEquals("", JsonText.joinWith(comma, List.of()).json());
        assertEquals(0, JsonText.joinWith(comma, List.of()).length());
        assertEquals("{}", JsonText.joinWith(comma, List.of(JsonText.of("{}"))).json());
    }

    @Test
    void aLastMemberGoesBeforeTheClosingBraceAndLeavesTheOriginalAlone() {
        JsonText zone = JsonText.join(JsonText.of("{\"a\":["), JsonText.of("1"), JsonText.of("]}"));
        JsonText signed = zone.withLastMember(JsonText.of(",\"dnssec\":{\"enabled\":true}"));
        assertEquals("{\"a\":[1],\"dnssec\":{\"enabled\":true}}", signed.json());
        assertEquals(signed.json().length(), signed.length());
        assertEquals("{\"a\":[1]}", zone.json());
        assertEquals(
                "{\"b\":2,\"c\":3}",
                JsonText.of("{\"b\":2}").withLastMember(JsonText.of(",\"c\":3")).json());
    }

    @Test
    void aStreamedPieceIsWrittenInItsPlaceAndLeavesTheLengthUnknown() {
        JsonText zones = JsonText.join(
                JsonText.of("{\"zones\":"),
                JsonText.streamed(out -> out.write("[{\"name\":\"bücher.example\"}]".getBytes(StandardCharsets.UTF_8))),
                JsonText.CLOSE_OBJECT);
        JsonText paged = zones.withLastMember(JsonText.of(",\"paging\":{\"next\":null}"));
        assertEquals(JsonText.UNKNOWN_LENGTH, zones.length());
        assertEquals(JsonText.UNKNOWN_LENGTH, paged.length());
        assertEquals("{\"zones\":[{\"name\":\"bücher.example\"}]}", zones.json());
        assertEquals("{\"zones\":[{\"name\":\"bücher.example\"}],\"paging\":{\"next\":null}}", paged.json());
    }

    @Test
    void onlyAnObjectTakesAMember() {
        assertThrows(IllegalStateException.class, () -> JsonText.of("[1]").withLastMember(JsonText.of(",\"c\":3")));
        assertThrows(
                IllegalStateException.class,
                () -> JsonText.joinWith(JsonText.of(","), List.of(JsonText.of("{}")))
                        .withLastMember(JsonText.of(",\"c\":3")));
    }
}
