package net.hostingapi.platform.json.control;

import jakarta.json.JsonValue;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A JSON value already written out as UTF-8, for payloads rendered once and answered many times
 * (a zone between two changes). Held as pieces that are joined without copying and written to the
 * answer's stream one after the other: an addition's answer is the whole zone, and each of the
 * four texts it was copied into on its way to the socket (zone, data member, envelope, bytes)
 * was a copy of up to 170 KB.
 */
public final class JsonText {

    private static final JsonText[] NO_PARTS = {};
    public static final JsonText CLOSE_OBJECT = of("}");

    /** The length of a text with a piece written while the answer is sent. */
    public static final int UNKNOWN_LENGTH = -1;

    /** A piece of bytes, or null: a piece written while sent, or pieces one after the other. */
    private final byte[] bytes;

    private final int from;
    /** A piece written while the answer is sent (see {@link StreamedJson}), or null. */
    private final StreamedJson streamed;

    private final JsonText[] parts;
    /** Written between two of {@link #parts}: the commas of an array's elements; may be null. */
    private final JsonText separator;

    private final int length;

    private JsonText(byte[] bytes, int from, int length) {
        this.bytes = bytes;
        this.from = from;
        this.streamed = null;
        this.parts = NO_PARTS;
        this.separator = null;
        this.length = length;
    }

    private JsonText(StreamedJson streamed) {
        this.bytes = null;
        this.from = 0;
        this.streamed = streamed;
        this.parts = NO_PARTS;
        this.separator = null;
        this.length = UNKNOWN_LENGTH;
    }

    private JsonText(JsonText[] parts, JsonText separator) {
        this.bytes = null;
        this.from = 0;
        this.streamed = null;
        this.parts = parts;
        this.separator = separator;
        long sum = 0;
        for (JsonText part : parts) {
            if (part.length == UNKNOWN_LENGTH) {
                sum = UNKNOWN_LENGTH;
                break;
            }
            sum += part.length;
        }
        if (sum != UNKNOWN_LENGTH && separator != null && parts.length > 1) {
            sum += (long) separator.length * (parts.length - 1);
        }
        this.length = Math.toIntExact(sum);
    }

    public static JsonText of(String json) {
        byte[] utf8 = json.getBytes(StandardCharsets.UTF_8);
        return new JsonText(utf8, 0, utf8.length);
    }

    public static JsonText of(JsonValue value) {
        return of(value.toString());
    }

    /** A value written while the answer is sent, never held whole: its length is {@link #UNKNOWN_LENGTH}. */
    public static JsonText streamed(StreamedJson value) {
        return new JsonText(value);
    }

    /** The pieces one after the other. */
    public static JsonText join(JsonText... parts) {
        return new JsonText(parts.clone(), null);
    }

    /** The elements with {@code separator} between each two (no brackets). */
    public static JsonText joinWith(JsonText separator, List<JsonText> elements) {
        return new JsonText(elements.toArray(NO_PARTS), separator);
    }

    /**
     * This object with {@code member} (its text, starting with its comma) as its last member: the
     * pieces before the closing brace are shared, not copied.
     */
    public JsonText withLastMember(JsonText member) {
        return new JsonText(new JsonText[] {withoutClosingBrace(), member, CLOSE_OBJECT}, null);
    }

    private JsonText withoutClosingBrace() {
        if (bytes != null) {
            if (length == 0 || bytes[from + length - 1] != '}') {
                throw new IllegalStateException("Not a JSON object's text");
            }
            return new JsonText(bytes, from, length - 1);
        }
        if (streamed != null || separator != null || parts.length == 0) {
            throw new IllegalStateException("Not a JSON object's text");
        }
        JsonText[] shortened = parts.clone();
        shortened[shortened.length - 1] = shortened[shortened.length - 1].withoutClosingBrace();
        return new JsonText(shortened, null);
    }

    /**
     * The length in bytes: what a cache of such texts counts, and the answer's Content-Length;
     * {@link #UNKNOWN_LENGTH} when a piece is written while the answer is sent.
     */
    public int length() {
        return length;
    }

    public void writeTo(OutputStream out) throws IOException {
        if (bytes != null) {
            out.write(bytes, from, length);
            return;
        }
        if (streamed != null) {
            streamed.writeTo(out);
            return;
        }
        for (int i = 0; i < parts.length; i++) {
            if (i > 0 && separator != null) {
                separator.writeTo(out);
            }
            parts[i].writeTo(out);
        }
    }

    /** The whole text as one string: for tests and the rare caller that must read it. */
    public String json() {
        ByteArrayOutputStream out = new ByteArrayOutputStream(Math.max(length, 32));
        try {
            writeTo(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    @Override
    public String toString() {
        return json();
    }
}
