package net.hostingapi.zones.control.masterfile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.xbill.DNS.Name;
import org.xbill.DNS.TXTRecord;
import org.xbill.DNS.Type;

class MasterFileTest {

    private static MasterFile.Parsed read(String text) throws Exception {
        return MasterFile.read(text, Name.fromString("example.com."));
    }

    @Test
    void entriesKeepTheLineTheyStartOnAcrossParenthesesAndComments() throws Exception {
        MasterFile.Parsed parsed = read("""
                ; a BIND zone file
                $TTL 1h
                @   IN  SOA ns1.example.net. hostmaster.example.com. (
                        2024010101 ; serial
                        7200       ; refresh
                        3600 1209600 300 )
                    IN  NS  ns1.example.net.
                www     IN  A   192.0.2.10 ; web
                $ORIGIN sub.example.com.
                api 600 IN  AAAA 2001:db8::1
                txt     IN  TXT "first; not a comment" "second"
                """);
        assertEquals(List.of(), parsed.problems());
        assertEquals(
                List.of(3, 7, 8, 10, 11),
                parsed.entries().stream().map(MasterFile.Entry::line).toList());
        assertEquals(Type.NS, parsed.entries().get(1).record().getType());
        assertEquals(
                Name.fromString("example.com."),
                parsed.entries().get(1).record().getName(),
                "the previous owner");
        assertEquals(3600, parsed.entries().get(2).record().getTTL(), "$TTL");
        assertEquals(
                Name.fromString("api.sub.example.com."),
                parsed.entries().get(3).record().getName(),
                "$ORIGIN");
        assertEquals(600, parsed.entries().get(3).record().getTTL());
        assertEquals(
                List.of("first; not a comment", "second"),
                ((TXTRecord) parsed.entries().get(4).record()).getStrings());
    }

    @Test
    void everyBadEntryIsNamedWithItsLineAndTheOthersAreStillRead() throws Exception {
        MasterFile.Parsed parsed = read("""
                $TTL 300
                $INCLUDE /etc/passwd
                www IN A 999.1.1.1
                ok  IN A 192.0.2.1
                $GENERATE 1-10 h$ A 192.0.2.$
                bad IN MX not-a-number mail.example.com.
                also IN A 192.0.2.2
                """);
        assertEquals(
                List.of(2, 3, 5, 6),
                parsed.problems().stream().map(MasterFile.Problem::line).toList(),
                parsed.problems().toString());
        assertTrue(parsed.problems().get(0).text().contains("$INCLUDE"));
        assertEquals(
                List.of(4, 7),
                parsed.entries().stream().map(MasterFile.Entry::line).toList());
    }

    @Test
    void unicodeNamesAreReadAsALabelsAndQuotedTextKeepsItsCharacters() throws Exception {
        MasterFile.Parsed parsed = read("$TTL 300\nbücher IN TXT \"grüße\" ; ünicode comment\n");
        assertEquals(List.of(), parsed.problems());
        assertEquals(
                Name.fromString("xn--bcher-kva.example.com."),
                parsed.entries().get(0).record().getName());
        assertEquals(
                "grüße",
                new String(
                        ((TXTRecord) parsed.entries().get(0).record())
                                .getStringsAsByteArrays()
                                .get(0),
                        java.nio.charset.StandardCharsets.UTF_8));
        assertEquals(
                "xn--bcher-kva IN TXT \"b\\195\\188cher\" ; bücher",
                MasterFile.asciiNames("bücher IN TXT \"bücher\" ; bücher"));
    }
}
