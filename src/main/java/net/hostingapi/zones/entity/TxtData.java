package net.hostingapi.zones.entity;

import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.xbill.DNS.DClass;
import org.xbill.DNS.Name;
import org.xbill.DNS.Record;
import org.xbill.DNS.TXTRecord;
import org.xbill.DNS.Tokenizer;
import org.xbill.DNS.Type;

/**
 * TXT data and the character-strings it stands for. Data that is <em>quoted</em> (its first and
 * last non-blank characters are {@code "}) is RFC 1035 presentation format, read by dnsjava:
 * {@code "abc"} is the one string {@code abc}, {@code "a" "b"} two strings, {@code \"} and
 * {@code \DDD} escapes. Any other data is one plain text, published in chunks of at most 255
 * bytes of UTF-8. Clients that quote (PowerDNS-style clients, zone files) and clients that do
 * not thus mean the same record.
 *
 * <p>The canonical form, stored and shown: the plain text when the strings are exactly the
 * chunks of their text (so {@code "abc"} is {@code abc}, and a long text split at 255 bytes is
 * the text), else the strings quoted and separated by one space ({@code "a" "b"}), UTF-8 text
 * kept as it is and only {@code "}, {@code \}, control characters and bytes that are no UTF-8
 * escaped. Canonical data read again gives itself.
 */
public final class TxtData {

    /** RFC 1035 3.3: a character-string is at most 255 bytes. */
    public static final int MAX_STRING_BYTES = 255;

    private TxtData() {}

    /** Whether the data is presentation format (quoted) rather than one plain text. */
    public static boolean quoted(String data) {
        String stripped = data.strip();
        return stripped.length() >= 2 && stripped.charAt(0) == '"' && stripped.charAt(stripped.length() - 1) == '"';
    }

    /**
     * The character-strings the data stands for.
     *
     * @throws IllegalArgumentException for quoted data that is not RFC 1035 character-strings
     */
    public static List<byte[]> strings(String data) {
        return quoted(data) ? parse(data) : chunks(data);
    }

    /**
     * The canonical form (see the class).
     *
     * @throws IllegalArgumentException for quoted data that is not RFC 1035 character-strings
     */
    public static String canonical(String data) {
        if (!quoted(data)) {
            return data;
        }
        return canonical(parse(data));
    }

    /** The canonical form of these character-strings (as a master file's TXT record holds them). */
    public static String canonical(List<byte[]> strings) {
        String plain = plain(strings);
        return plain != null ? plain : shown(strings);
    }

    /**
     * Data as a row holds it, in canonical form. Rows stored before quoted data was read as
     * presentation format hold it as the client sent it ({@code "abc"}): read by today's rule, they
     * mean what the client meant. Quoted data that does not parse was published as its literal
     * text, and still is.
     */
    public static String stored(String data) {
        if (!quoted(data)) {
            return data;
        }
        try {
            return canonical(data);
        } catch (IllegalArgumentException e) {
            return shown(chunks(data));
        }
    }

    /** Plain text as the strings published: consecutive chunks of at most 255 bytes of UTF-8, never splitting a character. */
    public static List<byte[]> chunks(String text) {
        List<byte[]> strings = new ArrayList<>();
        ByteArrayOutputStream chunk = new ByteArrayOutputStream();
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            byte[] bytes = new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8);
            if (chunk.size() + bytes.length > MAX_STRING_BYTES) {
                strings.add(chunk.toByteArray());
                chunk.reset();
            }
            chunk.writeBytes(bytes);
            i += Character.charCount(cp);
        }
        strings.add(chunk.toByteArray());
        return strings;
    }

    /**
     * The strings as a zone file writes them: each in double quotes, separated by a space, with
     * {@code "} and {@code \} escaped and every byte outside printable ASCII as {@code \DDD}, so
     * the zone file is plain ASCII.
     */
    public static String zoneFile(List<byte[]> strings) {
        StringBuilder out = new StringBuilder();
        for (byte[] string : strings) {
            if (!out.isEmpty()) {
                out.append(' ');
            }
            out.append('"');
            for (byte b : string) {
                appendByte(out, b & 0xff);
            }
            out.append('"');
        }
        return out.toString();
    }

    /** The strings quoted as the canonical form shows them: UTF-8 text as it is, the rest escaped. */
    static String shown(List<byte[]> strings) {
        StringBuilder out = new StringBuilder();
        for (byte[] string : strings) {
            if (!out.isEmpty()) {
                out.append(' ');
            }
            out.append('"');
            String text = utf8(string);
            if (text == null) {
                for (byte b : string) {
                    appendByte(out, b & 0xff);
                }
            } else {
                for (int i = 0; i < text.length(); ) {
                    int cp = text.codePointAt(i);
                    if (cp < 0x80 || control(cp)) {
                        for (byte b : new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8)) {
                            appendByte(out, b & 0xff);
                        }
                    } else {
                        out.appendCodePoint(cp);
                    }
                    i += Character.charCount(cp);
                }
            }
            out.append('"');
        }
        return out.toString();
    }

    private static void appendByte(StringBuilder out, int c) {
        if (c == '"' || c == '\\') {
            out.append('\\').append((char) c);
        } else if (c < 0x20 || c > 0x7e) {
            out.append(String.format("\\%03d", c));
        } else {
            out.append((char) c);
        }
    }

    /** The plain text the strings are the chunks of, or null when they are not (or it would read as quoted). */
    private static String plain(List<byte[]> strings) {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        strings.forEach(all::writeBytes);
        String text = utf8(all.toByteArray());
        if (text == null || text.isBlank() || quoted(text) || text.codePoints().anyMatch(TxtData::control)) {
            return null;
        }
        List<byte[]> chunks = chunks(text);
        if (chunks.size() != strings.size()) {
            return null;
        }
        for (int i = 0; i < chunks.size(); i++) {
            if (!Arrays.equals(chunks.get(i), strings.get(i))) {
                return null;
            }
        }
        return text;
    }

    /** What no field may hold as a character (platform ControlCharacters): shown escaped instead. */
    private static boolean control(int cp) {
        return cp < 0x20 || cp == 0x7f || (cp >= 0x80 && cp < 0xa0) || cp == 0x2028 || cp == 0x2029;
    }

    private static String utf8(byte[] bytes) {
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }

    /** Quoted data read by dnsjava; text beyond ASCII goes in as {@code \DDD} escapes of its UTF-8 bytes. */
    private static List<byte[]> parse(String data) {
        String expected =
                "must be RFC 1035 character-strings in double quotes like \"v=spf1 -all\", each at most 255 bytes, or plain text";
        StringBuilder ascii = new StringBuilder(data.length());
        boolean inQuotes = false;
        for (int i = 0; i < data.length(); i++) {
            char c = data.charAt(i);
            if (c == '\\' && i + 1 < data.length()) {
                if (data.charAt(i + 1) < 0x80) {
                    ascii.append(c).append(data.charAt(++i));
                }
                // an escaped character beyond ASCII is that character, converted below
                continue;
            }
            if (c == '"') {
                inQuotes = !inQuotes;
            } else if (!inQuotes && (c == ';' || c == '(' || c == ')')) {
                // dnsjava would take ; as a comment and drop the rest, and ( ) as line grouping
                throw new IllegalArgumentException(expected + " (" + c + " outside quotes)");
            }
            if (c < 0x80) {
                ascii.append(c);
            } else {
                int cp = data.codePointAt(i);
                for (byte b : new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8)) {
                    ascii.append(String.format("\\%03d", b & 0xff));
                }
                i += Character.charCount(cp) - 1;
            }
        }
        byte[] bytes = ascii.toString().getBytes(StandardCharsets.US_ASCII);
        try {
            Tokenizer tokens = new Tokenizer(new BufferedInputStream(new ByteArrayInputStream(bytes), bytes.length));
            TXTRecord txt = (TXTRecord) Record.fromString(Name.root, Type.TXT, DClass.IN, 300, tokens, Name.root);
            return txt.getStringsAsByteArrays();
        } catch (IOException | IllegalArgumentException e) {
            String detail = e.getMessage() == null ? "" : e.getMessage().replaceFirst("^<none>:\\d+: ", "");
            throw new IllegalArgumentException(expected + (detail.isEmpty() ? "" : " (" + detail + ")"));
        }
    }
}
