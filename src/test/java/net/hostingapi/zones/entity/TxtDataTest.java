package net.hostingapi.zones.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class TxtDataTest {

    /** Rows stored when TXT data was kept as given are read by today's rule, as the client meant them. */
    @Test
    void rowsStoredAsGivenAreReadAsTheRecordMeant() {
        assertEquals("abc", TxtData.stored("\"abc\""));
        assertEquals("v=spf1 -all", TxtData.stored("\"v=spf1 -all\""));
        assertEquals("\"a\" \"b\"", TxtData.stored("\"a\" \"b\""));
        assertEquals("plain \"text\" stays", TxtData.stored("plain \"text\" stays"));
        assertEquals("\"quoted\" word", TxtData.stored("\"quoted\" word"));
    }

    /** Quoted text that never parsed was published as its literal characters, and still is. */
    @Test
    void unparsableQuotedRowsKeepTheirLiteralText() {
        String stored = "\"a\"b\"";
        String read = TxtData.stored(stored);
        assertEquals("\"\\\"a\\\"b\\\"\"", read);
        assertEquals(List.of(stored), texts(TxtData.strings(read)));
        assertEquals(read, TxtData.canonical(read), "the form read is canonical");
    }

    @Test
    void aRowReadsTheSameWhicheverWayItWasStored() {
        ZoneRecord quoted = new ZoneRecord(null, new RecordDraft("@", RecordType.TXT, "\"abc\"", null), 1);
        assertEquals("abc", quoted.data());
        ZoneRecord mx = new ZoneRecord(null, new RecordDraft("@", RecordType.MX, "10 mx.example.net", null), 2);
        assertEquals("10 mx.example.net", mx.data());
    }

    private static List<String> texts(List<byte[]> strings) {
        return strings.stream().map(b -> new String(b, StandardCharsets.UTF_8)).toList();
    }
}
