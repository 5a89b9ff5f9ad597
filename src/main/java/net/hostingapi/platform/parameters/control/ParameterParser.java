package net.hostingapi.platform.parameters.control;

import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.mail.BodyPart;
import jakarta.mail.MessagingException;
import jakarta.mail.internet.ContentDisposition;
import jakarta.mail.internet.MimeMultipart;
import jakarta.mail.util.ByteArrayDataSource;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.StringReader;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import net.hostingapi.platform.json.control.JsonFields;
import net.hostingapi.platform.messages.control.ApiException;
import net.hostingapi.platform.messages.control.CommonMessages;
import net.hostingapi.platform.messages.control.Message;

/**
 * Reads the query string and the body of any method into one parameter tree (api.md, Parameters):
 * JSON objects, url-encoded and multipart forms with PHP-style brackets
 * ({@code records[0][name]=www}, {@code permissions[]=X}); a body without a Content-Type is
 * JSON when it starts with '{', a form otherwise.
 */
final class ParameterParser {

    /** Largest body accepted, in bytes (api.md, Limits); configurable with MAX_BODY_BYTES. */
    static final long MAX_BODY_BYTES = Long.getLong("MAX_BODY_BYTES", envLong("MAX_BODY_BYTES", 1024 * 1024));

    /** How much of a too large body is read and dropped before answering 413. */
    private static final long MAX_DRAINED_BYTES = 16 * MAX_BODY_BYTES;

    private static final byte[] NO_BODY = {};

    /** A JSON media type by its suffix ({@code application/merge-patch+json}), compiled once, not per request. */
    private static final Pattern JSON_SUFFIX = Pattern.compile("^application/[a-z.+-]*\\+json.*");

    /**
     * Most values (leaves: texts, numbers, booleans, nulls) one request may carry, query and body
     * together; 413 beyond. 1000 records of six fields each stay well below it.
     */
    static final int MAX_PARAMETERS = (int) (long) Long.getLong("MAX_PARAMETERS", envLong("MAX_PARAMETERS", 20_000));

    /** Deepest nesting of objects, arrays and brackets ({@code records[0][name]} is 3); 400 beyond. */
    static final int MAX_DEPTH = 16;

    private ParameterParser() {}

    static Parameters parse(String query, String contentType, byte[] body) {
        Map<String, Object> merged = new LinkedHashMap<>();
        Tally tally = new Tally();
        if (query != null && !query.isEmpty()) {
            merged.putAll(parseUrlEncoded(query, tally));
        }
        if (body.length > 0) {
            merged.putAll(parseBody(body, contentType, tally));
        }
        return new Parameters(merged);
    }

    /**
     * What one request's parsing has spent: values seen, and for each bracket container the next
     * index {@code []} appends at. Kept here so that parsing stays linear in the input: finding the
     * next index by scanning a container's keys made {@code x[]=1&x[]=1...} quadratic.
     */
    static final class Tally {
        private int values;
        private final Map<Map<String, Object>, Integer> nextIndex = new java.util.IdentityHashMap<>();

        void value() {
            if (++values > MAX_PARAMETERS) {
                throw new ApiException(
                        413,
                        CommonMessages.TOO_MANY_PARAMETERS,
                        "The request has more than " + MAX_PARAMETERS + " parameters");
            }
        }

        static void depth(int depth) {
            if (depth > MAX_DEPTH) {
                throw ApiException.badRequest(
                        CommonMessages.NESTED_TOO_DEEPLY,
                        "The parameters are nested more than " + MAX_DEPTH + " levels deep");
            }
        }

        String append(Map<String, Object> container) {
            int next = nextIndex.getOrDefault(container, 0);
            nextIndex.put(container, next + 1);
            return Integer.toString(next);
        }

        /** An explicit index ({@code a[5]}) moves where the next {@code a[]} goes, as in PHP. */
        void indexed(Map<String, Object> container, String key) {
            if (!key.isEmpty() && key.length() <= 9 && key.chars().allMatch(c -> c >= '0' && c <= '9')) {
                int index = Integer.parseInt(key);
                if (index >= nextIndex.getOrDefault(container, 0)) {
                    nextIndex.put(container, index + 1);
                }
            }
        }
    }

    /**
     * Reads a body of at most {@link #MAX_BODY_BYTES}; a larger one is refused with 413. Up to
     * {@link #MAX_DRAINED_BYTES} of it are read and dropped first, so that a client still sending
     * receives the answer instead of a reset connection.
     */
    static byte[] readBody(long declaredLength, InputStream body) {
        try (InputStream in = body) {
            if (declaredLength > MAX_BODY_BYTES) {
                throw tooLarge(in);
            }
            // Most requests have no body (GET): returned without the buffers below (6 % of what a show allocated).
            int first = declaredLength == 0 ? -1 : in.read();
            if (first == -1) {
                return NO_BODY;
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream(declaredLength > 0 ? (int) declaredLength : 256);
            out.write(first);
            byte[] buffer = new byte[8192];
            long total = 1;
            for (int n; (n = in.read(buffer)) != -1; ) {
                total += n;
                if (total > MAX_BODY_BYTES) {
                    throw tooLarge(in);
                }
                out.write(buffer, 0, n);
            }
            return out.toByteArray();
        } catch (InterruptedIOException e) {
            // Its deadline passed (the boundary's RequestBodies): the rest would hold a worker.
            throw new ApiException(
                    408, List.of(Message.of(CommonMessages.BODY_TIMEOUT, e.getMessage())), CLOSE_CONNECTION);
        } catch (IOException e) {
            throw ApiException.badRequest(CommonMessages.MALFORMED_REQUEST, "The request body could not be read");
        }
    }

    /** For an answer sent before the body was read to its end: nothing more of it is waited for. */
    private static final Map<String, String> CLOSE_CONNECTION = Map.of("Connection", "close");

    private static ApiException tooLarge(InputStream in) {
        long drained = 0;
        byte[] buffer = new byte[65536];
        Map<String, String> headers = Map.of();
        try {
            for (int n; drained < MAX_DRAINED_BYTES && (n = in.read(buffer)) != -1; ) {
                drained += n;
            }
        } catch (IOException e) {
            headers = CLOSE_CONNECTION;
        }
        return new ApiException(
                413,
                List.of(Message.of(
                        CommonMessages.BODY_TOO_LARGE, "The request body is larger than " + MAX_BODY_BYTES + " bytes")),
                headers);
    }

    private static Map<String, Object> parseBody(byte[] body, String contentType, Tally tally) {
        String type = contentType == null ? sniff(body) : contentType.toLowerCase(Locale.ROOT);
        if (type.startsWith("application/json") || JSON_SUFFIX.matcher(type).matches()) {
            return parseJson(utf8(body), tally);
        }
        if (type.startsWith("application/x-www-form-urlencoded")) {
            return parseUrlEncoded(new String(body, StandardCharsets.ISO_8859_1), tally);
        }
        if (type.startsWith("multipart/form-data")) {
            return parseMultipart(body, contentType, tally);
        }
        if (type.startsWith("text/dns")) {
            // A zone file as the body (zone import): the parameter file, the others from the query.
            tally.value();
            return Map.of("file", utf8(body));
        }
        if (new String(body, StandardCharsets.UTF_8).isBlank()) {
            return Map.of();
        }
        throw new ApiException(
                415,
                CommonMessages.UNSUPPORTED_MEDIA_TYPE,
                "Send the body as application/json, application/x-www-form-urlencoded or multipart/form-data");
    }

    private static String sniff(byte[] body) {
        for (byte b : body) {
            if (!Character.isWhitespace(b)) {
                return b == '{' ? "application/json" : "application/x-www-form-urlencoded";
            }
        }
        return "application/x-www-form-urlencoded";
    }

    static Map<String, Object> parseJson(String text) {
        return parseJson(text, new Tally());
    }

    private static Map<String, Object> parseJson(String text, Tally tally) {
        if (text.isBlank()) {
            return Map.of();
        }
        JsonValue value;
        try (var reader = JsonFields.JSON.createReader(new StringReader(text))) {
            value = reader.readValue();
        } catch (RuntimeException e) {
            // JsonException, and Parsson's plain RuntimeException for input nested over 1000 levels
            throw ApiException.badRequest(CommonMessages.MALFORMED_JSON, "The body is not valid JSON");
        }
        if (!(value instanceof JsonObject object)) {
            throw ApiException.badRequest(CommonMessages.MALFORMED_JSON, "The JSON body must be an object");
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> map = (Map<String, Object>) fromJson(object, 0, tally);
        return map;
    }

    private static Object fromJson(JsonValue value, int depth, Tally tally) {
        Tally.depth(depth);
        return switch (value.getValueType()) {
            case OBJECT -> {
                Map<String, Object> map = new LinkedHashMap<>();
                ((JsonObject) value).forEach((k, v) -> map.put(k, fromJson(v, depth + 1, tally)));
                yield map;
            }
            case ARRAY -> {
                List<Object> list = new ArrayList<>();
                ((JsonArray) value).forEach(v -> list.add(fromJson(v, depth + 1, tally)));
                yield list;
            }
            case STRING -> leaf(tally, ((JsonString) value).getString());
            case NUMBER -> leaf(tally, ((JsonNumber) value).bigDecimalValue());
            case TRUE -> leaf(tally, Boolean.TRUE);
            case FALSE -> leaf(tally, Boolean.FALSE);
            case NULL -> leaf(tally, null);
        };
    }

    private static Object leaf(Tally tally, Object value) {
        tally.value();
        return value;
    }

    /** Decodes {@code a=1&b[x]=2} (raw bytes as ISO-8859-1 so that percent-decoding yields UTF-8). */
    static Map<String, Object> parseUrlEncoded(String encoded) {
        return parseUrlEncoded(encoded, new Tally());
    }

    private static Map<String, Object> parseUrlEncoded(String encoded, Tally tally) {
        Map<String, Object> root = new LinkedHashMap<>();
        for (String pair : encoded.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String key = decode(eq < 0 ? pair : pair.substring(0, eq));
            String value = eq < 0 ? "" : decode(pair.substring(eq + 1));
            if (!key.isEmpty()) {
                put(root, key, value, tally);
            }
        }
        return root;
    }

    /**
     * Percent-decodes one key or value to bytes ({@code +} is a space), then reads them as UTF-8.
     * Chars up to U+00FF are the raw bytes (see {@link #parseUrlEncoded}); a char above it was
     * decoded by the container already and is taken as it is, unless the container replaced bytes
     * it could not decode (U+FFFD).
     */
    private static String decode(String raw) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(raw.length());
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '%') {
                int high = i + 2 < raw.length() ? Character.digit(raw.charAt(i + 1), 16) : -1;
                int low = high < 0 ? -1 : Character.digit(raw.charAt(i + 2), 16);
                if (low < 0) {
                    throw ApiException.badRequest(
                            CommonMessages.MALFORMED_REQUEST, "Malformed percent-encoding in parameters");
                }
                bytes.write(high << 4 | low);
                i += 2;
            } else if (c == '+') {
                bytes.write(' ');
            } else if (c <= 0xFF) {
                bytes.write(c);
            } else if (c == '\uFFFD') {
                throw malformedUtf8();
            } else {
                int end = Character.isHighSurrogate(c) && i + 1 < raw.length() ? i + 2 : i + 1;
                bytes.writeBytes(raw.substring(i, end).getBytes(StandardCharsets.UTF_8));
                i = end - 1;
            }
        }
        return utf8(bytes.toByteArray());
    }

    /**
     * Bytes as UTF-8, strictly: a malformed sequence is refused rather than stored as U+FFFD
     * (which is what {@code new String(bytes, UTF_8)} would quietly do).
     */
    static String utf8(byte[] bytes) {
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            throw malformedUtf8();
        }
    }

    private static ApiException malformedUtf8() {
        return ApiException.badRequest(CommonMessages.MALFORMED_UTF8, "Text in the request is not valid UTF-8");
    }

    private static Map<String, Object> parseMultipart(byte[] body, String contentType, Tally tally) {
        Map<String, Object> root = new LinkedHashMap<>();
        try {
            MimeMultipart multipart = new MimeMultipart(new ByteArrayDataSource(body, contentType));
            for (int i = 0; i < multipart.getCount(); i++) {
                BodyPart part = multipart.getBodyPart(i);
                String[] disposition = part.getHeader("Content-Disposition");
                if (disposition == null || disposition.length == 0) {
                    continue;
                }
                String name = new ContentDisposition(disposition[0]).getParameter("name");
                if (name == null || name.isEmpty()) {
                    continue;
                }
                try (InputStream in = part.getInputStream()) {
                    put(root, name, utf8(in.readAllBytes()), tally);
                }
            }
        } catch (MessagingException | IOException e) {
            throw ApiException.badRequest(CommonMessages.MALFORMED_REQUEST, "The multipart body could not be parsed");
        }
        return root;
    }

    /** Puts a value under a PHP-style key: {@code a}, {@code a[b]}, {@code a[b][]}, {@code a[0][c]}. */
    @SuppressWarnings("unchecked")
    static void put(Map<String, Object> root, String key, String value, Tally tally) {
        tally.value();
        List<String> path = splitKey(key);
        Tally.depth(path.size());
        Map<String, Object> container = root;
        for (int i = 0; i < path.size(); i++) {
            String segment = path.get(i);
            if (segment.isEmpty()) {
                segment = tally.append(container);
            } else {
                tally.indexed(container, segment);
            }
            if (i == path.size() - 1) {
                container.put(segment, value);
            } else {
                Object next = container.get(segment);
                if (!(next instanceof Map)) {
                    next = new LinkedHashMap<String, Object>();
                    container.put(segment, next);
                }
                container = (Map<String, Object>) next;
            }
        }
    }

    /** {@code records[0][name]} → [records, 0, name]; a key whose brackets do not close is taken literally. */
    private static List<String> splitKey(String key) {
        int open = key.indexOf('[');
        if (open <= 0 || !key.endsWith("]")) {
            return List.of(key);
        }
        List<String> path = new ArrayList<>();
        path.add(key.substring(0, open));
        int i = open;
        while (i < key.length()) {
            if (key.charAt(i) != '[') {
                return List.of(key);
            }
            int close = key.indexOf(']', i);
            if (close < 0) {
                return List.of(key);
            }
            path.add(key.substring(i + 1, close));
            i = close + 1;
        }
        return path;
    }

    private static long envLong(String name, long fallback) {
        String value = System.getenv(name);
        try {
            return value == null || value.isBlank() ? fallback : Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            return fallback;
        }
    }
}
