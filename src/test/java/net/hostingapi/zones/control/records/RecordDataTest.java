package net.hostingapi.zones.control.records;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import net.hostingapi.zones.entity.RecordType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.xbill.DNS.DClass;
import org.xbill.DNS.Name;
import org.xbill.DNS.TXTRecord;
import org.xbill.DNS.Type;

class RecordDataTest {

    private static final String SHA256_HEX = "d2abde240d7cd3ee6b4b28c54df034b97983a1d16e8a410e4561cb106618e971";

    /** Valid data and its normalised form, per type. */
    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "A     | 1.2.3.4                       | 1.2.3.4",
                "A     | ' 192.0.2.10 '                | 192.0.2.10",
                "AAAA  | 2001:DB8:0:0:0:0:0:1          | 2001:db8::1",
                "AAAA  | ::1                           | ::1",
                "AAAA  | 2001:db8:0:0:1:0:0:1          | 2001:db8::1:0:0:1",
                "AAAA  | 2001:0db8:0000:0001:0:0:0:0   | 2001:db8:0:1::",
                "AAAA  | 2001:db8:1:2:3:4:0:6          | 2001:db8:1:2:3:4:0:6",
                "CNAME | www.example.com               | www.example.com",
                "CNAME | Target.Example.NET.           | target.example.net",
                "CNAME | s1._domainkey.mail.example    | s1._domainkey.mail.example",
                "CNAME | münchen.example               | xn--mnchen-3ya.example",
                "NS    | ns1.example.net.              | ns1.example.net",
                "NS    | NS2.Example.Net               | ns2.example.net",
                "PTR   | host.example.com              | host.example.com",
                "PTR   | h-1.example.com.              | h-1.example.com",
                "MX    | 10 mail.example.com           | 10 mail.example.com",
                "MX    | '0   MX.Example.com.'         | 0 mx.example.com",
                "MX    | 65535 mail.bücher.de          | 65535 mail.xn--bcher-kva.de",
                "SRV   | 10 60 5060 sip.example.com.   | 10 60 5060 sip.example.com",
                "SRV   | 0 0 443 Web.Example.com       | 0 0 443 web.example.com",
                "TXT   | v=spf1 include:_spf.example.com ~all | v=spf1 include:_spf.example.com ~all",
                "TXT   | '\"quoted\" stays as given '  | '\"quoted\" stays as given '",
                "TXT   | grüße                         | grüße",
                "TXT   | '\"abc\"'                     | abc",
                "TXT   | ' \"v=spf1 -all\" '           | v=spf1 -all",
                "TXT   | '\"a\" \"b\"'               | '\"a\" \"b\"'",
                "TXT   | '\"a\"   b'                   | '\"a\"   b'",
                "TXT   | '\"say \\\"hi\\\"\"'    | 'say \"hi\"'",
                "TXT   | '\"gr\\195\\188\\195\\159e\"' | grüße",
                "TXT   | '\"\"'                        | '\"\"'",
                "TXT   | '\"\\\"abc\\\"\"'       | '\"\\\"abc\\\"\"'",
                "CAA   | 0 issue ca.example; account=1 | 0 issue \"ca.example; account=1\"",
                "CAA   | 0 issue \"letsencrypt.org\"   | 0 issue \"letsencrypt.org\"",
                "CAA   | 128 Iodef mailto:sec@example.com | 128 iodef \"mailto:sec@example.com\"",
                "CAA   | 0 issuewild \";\"             | 0 issuewild \";\"",
                "TLSA  | 3 1 1 " + SHA256_HEX
                        + "      | 3 1 1 D2ABDE240D7CD3EE6B4B28C54DF034B97983A1D16E8A410E4561CB106618E971",
                "TLSA  | 2 0 0 abcdef                  | 2 0 0 ABCDEF",
                "DS    | 60485 5 1 2BB183AF5F22588179A53B0A98631FAD1A292118 | 60485 5 1 2BB183AF5F22588179A53B0A98631FAD1A292118",
                "DS    | 2371 13 2 " + SHA256_HEX
                        + "  | 2371 13 2 D2ABDE240D7CD3EE6B4B28C54DF034B97983A1D16E8A410E4561CB106618E971",
                "HTTP_REDIRECT | https://www.example.com/path?q=1 | https://www.example.com/path?q=1",
                "HTTP_REDIRECT | HTTP://example.org     | HTTP://example.org",
                "HTTP_FRAME    | http://shop.example.net:8080/ | http://shop.example.net:8080/",
                "HTTP_FRAME    | https://example.com     | https://example.com",
            })
    void acceptsAndNormalises(RecordType type, String data, String expected) {
        assertEquals(expected, RecordData.validate(type, data));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "A     | 1.2.3",
                "A     | 256.1.1.1",
                "A     | ::1",
                "A     | 1.2.3.4 5",
                "A     | 01.2.3.4",
                "AAAA  | 1.2.3.4",
                "AAAA  | 2001:db8::1::2",
                "AAAA  | 2001:db8::g",
                "AAAA  | fe80::1%eth0",
                "CNAME | localhost",
                "CNAME | two words.example.com",
                "CNAME | 1.2.3.4",
                "CNAME | -bad.example.com",
                "NS    | _ns.example.com",
                "NS    | ns1",
                "PTR   | a..b.example",
                "PTR   | 10 host.example.com",
                "MX    | mail.example.com",
                "MX    | 65536 mail.example.com",
                "MX    | -1 mail.example.com",
                "MX    | 10 .",
                "MX    | 10 _mail.example.com",
                "SRV   | 10 60 sip.example.com",
                "SRV   | 10 60 70000 sip.example.com",
                "SRV   | 10 60 5060",
                "CAA   | issue \"letsencrypt.org\"",
                "CAA   | 256 issue \"letsencrypt.org\"",
                "CAA   | 0 is-sue \"x\"",
                "CAA   | 0 issue",
                "CAA   | 0 issue \"a\" extra",
                "TXT   | '\"a\" ; \"b\"'",
                "TXT   | '\"a\" (\"b\") \"c\"'",
                "TXT   | '\"a\"b\"'",
                "TLSA  | 3 1 1",
                "TLSA  | 3 1 1 xyz",
                "TLSA  | 3 1 1 abcd",
                "TLSA  | 256 1 1 " + SHA256_HEX,
                "DS    | 12345 8 2",
                "DS    | 70000 8 2 " + SHA256_HEX,
                "DS    | 12345 8 2 abcdef",
                "DS    | 12345 8 1 zz",
                "HTTP_REDIRECT | ftp://x",
                "HTTP_REDIRECT | www.example.com",
                "HTTP_REDIRECT | https://exa mple.com/",
                "HTTP_REDIRECT | https:///path",
                "HTTP_FRAME    | mailto:a@example.com",
                "HTTP_FRAME    | /relative/path",
            })
    void rejects(RecordType type, String data) {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> RecordData.validate(type, data));
        assertTrue(e.getMessage().startsWith("must"), e.getMessage());
    }

    @ParameterizedTest
    @EnumSource(RecordType.class)
    void everyTypeRejectsBlankNullAndControlCharacters(RecordType type) {
        assertThrows(IllegalArgumentException.class, () -> RecordData.validate(type, null));
        assertThrows(IllegalArgumentException.class, () -> RecordData.validate(type, ""));
        assertThrows(IllegalArgumentException.class, () -> RecordData.validate(type, "   "));
        assertThrows(IllegalArgumentException.class, () -> RecordData.validate(type, "1.2.3.4\n"));
        assertThrows(IllegalArgumentException.class, () -> RecordData.validate(type, "a\tb"));
    }

    @Test
    void txtRejectsLineBreaksAndOverlongText() {
        assertThrows(IllegalArgumentException.class, () -> RecordData.validate(RecordType.TXT, "line\nbreak"));
        assertThrows(IllegalArgumentException.class, () -> RecordData.validate(RecordType.TXT, "carriage\rreturn"));
        assertEquals(4096, RecordData.validate(RecordType.TXT, "x".repeat(4096)).length());
        assertThrows(IllegalArgumentException.class, () -> RecordData.validate(RecordType.TXT, "x".repeat(4097)));
        // characters (code points), as the specification counts them: an emoji is one, not two UTF-16 units
        String emoji = "\uD83D\uDE00";
        assertEquals(emoji.repeat(4096), RecordData.validate(RecordType.TXT, emoji.repeat(4096)));
        assertThrows(IllegalArgumentException.class, () -> RecordData.validate(RecordType.TXT, emoji.repeat(4097)));
        assertThrows(
                IllegalArgumentException.class, () -> RecordData.validate(RecordType.TXT, "lone \uD800 surrogate"));
    }

    @Test
    void txtOf600BytesSplitsIntoThreeStrings() {
        String data = "a".repeat(600);
        assertEquals(List.of("a".repeat(255), "a".repeat(255), "a".repeat(90)), texts(RecordData.txtStrings(data)));
    }

    @Test
    void txtSplitsByUtf8BytesWithoutBreakingCharacters() {
        String data = "a" + "ü".repeat(200); // 1 + 400 bytes
        List<String> strings = texts(RecordData.txtStrings(data));
        assertEquals(2, strings.size());
        assertEquals("a" + "ü".repeat(127), strings.get(0)); // 255 bytes
        assertEquals("ü".repeat(73), strings.get(1));
        assertEquals(data, String.join("", strings));
        assertEquals(List.of("short"), texts(RecordData.txtStrings("short")));
    }

    @Test
    void quotedTxtIsReadAsCharacterStrings() {
        assertEquals(List.of("abc"), texts(RecordData.txtStrings("\"abc\"")));
        assertEquals(List.of("a", "b"), texts(RecordData.txtStrings("\"a\" \"b\"")));
        assertEquals(List.of("\"abc\""), texts(RecordData.txtStrings("\"\\\"abc\\\"\"")));
        // not quoted at both ends: one plain text, quotes and all
        assertEquals(List.of("\"quoted\" word"), texts(RecordData.txtStrings("\"quoted\" word")));
        IllegalArgumentException tooLong = assertThrows(
                IllegalArgumentException.class,
                () -> RecordData.validate(RecordType.TXT, "\"" + "a".repeat(256) + "\""));
        assertTrue(tooLong.getMessage().contains("255 bytes"), tooLong.getMessage());
    }

    /** Quoted and plain spellings of one record are one canonical form; the canonical form reads as itself. */
    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "abc                     | '\"abc\"'",
                "'v=spf1 include:_spf.example.com ~all' | '\"v=spf1 include:_spf.example.com ~all\"'",
                "'a\"b'                 | '\"a\\\"b\"'",
                "grüße                   | '\"gr\\195\\188\\195\\159e\"'",
            })
    void plainAndQuotedSpellingsAreOneRecord(String plain, String quoted) {
        assertEquals(RecordData.validate(RecordType.TXT, plain), RecordData.validate(RecordType.TXT, quoted));
        for (String data : List.of(plain, quoted, "\"a\" \"b\"", "\"\\\"x\"", "\"\\007\\255\"")) {
            String canonical = RecordData.validate(RecordType.TXT, data);
            assertEquals(canonical, RecordData.validate(RecordType.TXT, canonical), data);
            assertEquals(texts(RecordData.txtStrings(data)), texts(RecordData.txtStrings(canonical)), data);
        }
    }

    @Test
    void aLongTextAndItsChunksQuotedAreOneRecord() {
        String text = "v=DKIM1; k=rsa; p=" + "A".repeat(282); // 300 characters
        String quoted = "\"" + text.substring(0, 255) + "\" \"" + text.substring(255) + "\"";
        assertEquals(text, RecordData.validate(RecordType.TXT, quoted));
        String otherSplit = "\"" + text.substring(0, 100) + "\" \"" + text.substring(100) + "\"";
        assertEquals(otherSplit, RecordData.validate(RecordType.TXT, otherSplit), "other strings, another record");
    }

    @Test
    void txtPresentationQuotesAndEscapes() {
        assertEquals("\"say \\\"hi\\\" \\\\ there\"", RecordData.txtPresentation("say \"hi\" \\ there"));
        assertEquals("\"gr\\195\\188\\195\\159e\"", RecordData.txtPresentation("grüße"));
        assertEquals(
                "\"" + "a".repeat(255) + "\" \"" + "a".repeat(45) + "\"", RecordData.txtPresentation("a".repeat(300)));
        assertEquals("\"abc\"", RecordData.txtPresentation("\"abc\""), "quoted data is published unquoted");
        assertEquals("\"a\" \"b\"", RecordData.txtPresentation("\"a\" \"b\""));
    }

    @Test
    void txtPresentationParsesBackToTheSameBytes() throws Exception {
        for (String data : List.of("v=DKIM1; k=rsa; p=\"quoted\\\" ü " + "x".repeat(500), "\"a b\" \"\\255\" \"ü\"")) {
            TXTRecord record = (TXTRecord) org.xbill.DNS.Record.fromString(
                    Name.root, Type.TXT, DClass.IN, 300, RecordData.txtPresentation(data), Name.root);
            List<byte[]> parsed = record.getStringsAsByteArrays();
            List<byte[]> expected = RecordData.txtStrings(data);
            assertEquals(expected.size(), parsed.size());
            for (int i = 0; i < parsed.size(); i++) {
                assertArrayEquals(expected.get(i), parsed.get(i));
            }
        }
    }

    private static List<String> texts(List<byte[]> strings) {
        return strings.stream().map(b -> new String(b, StandardCharsets.UTF_8)).toList();
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "A     | 1.2.3.4              | 1.2.3.4",
                "AAAA  | 2001:DB8::0:1        | 2001:db8::1",
                "CNAME | www.example.com      | www.example.com.",
                "NS    | NS1.example.net.     | ns1.example.net.",
                "PTR   | host.example.com     | host.example.com.",
                "MX    | 10 mail.example.com  | 10 mail.example.com.",
                "SRV   | 1 2 3 sip.example.com | 1 2 3 sip.example.com.",
                "TXT   | hello world          | \"hello world\"",
                "TXT   | '\"hello world\"'  | \"hello world\"",
                "TXT   | '\"a\" \"b\"'    | '\"a\" \"b\"'",
                "CAA   | 0 issue ca.example; account=1 | 0 issue \"ca.example; account=1\"",
                "CAA   | 0 issue ca.example   | 0 issue \"ca.example\"",
                "DS    | 60485 5 1 2bb183af5f22588179a53b0a98631fad1a292118 | 60485 5 1 2BB183AF5F22588179A53B0A98631FAD1A292118",
            })
    void presentationForZoneFiles(RecordType type, String data, String expected) {
        assertEquals(expected, RecordData.presentation(type, data));
    }

    @Test
    void presentationRefusesHttpTypesAndInvalidData() {
        assertThrows(
                IllegalArgumentException.class,
                () -> RecordData.presentation(RecordType.HTTP_REDIRECT, "https://example.com/"));
        assertThrows(
                IllegalArgumentException.class,
                () -> RecordData.presentation(RecordType.HTTP_FRAME, "https://example.com/"));
        assertThrows(IllegalArgumentException.class, () -> RecordData.presentation(RecordType.MX, "mail.example.com"));
    }
}
