package net.hostingapi.platform.parameters.control;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import net.hostingapi.platform.messages.control.ApiException;
import net.hostingapi.platform.messages.control.CommonMessages;
import org.junit.jupiter.api.Test;

/**
 * Parsing costs the service about what the request costs its sender: linear in the body, with
 * bounded parameter counts and nesting. The time bounds below are hang guards, orders of
 * magnitude above what linear parsing takes (the quadratic parser needed a minute for these).
 */
class ParameterParserTest {

    private static final Duration HANG_GUARD = Duration.ofSeconds(10);

    /** The boundary's deadline ends a read with a timeout: 408, and the rest of the body is not waited for. */
    @Test
    void aBodyWhoseDeadlinePassedIs408WithTheConnectionClosed() {
        java.io.InputStream late = new java.io.InputStream() {
            @Override
            public int read() throws java.io.IOException {
                throw new java.net.SocketTimeoutException("The request body did not arrive within 20 s");
            }
        };
        ApiException timedOut = assertThrows(ApiException.class, () -> ParameterParser.readBody(100, late));
        assertEquals(408, timedOut.status());
        assertEquals(CommonMessages.BODY_TIMEOUT, timedOut.errors().get(0).code());
        assertEquals(
                "The request body did not arrive within 20 s",
                timedOut.errors().get(0).text());
        assertEquals("close", timedOut.headers().get("Connection"));
    }

    @Test
    void bodiesAreReadWholeWhateverTheirLengthSays() {
        byte[] large = "0123456789abcdef".repeat(1500).getBytes(StandardCharsets.US_ASCII); // past one read buffer
        for (long declared : new long[] {-1, large.length}) {
            assertArrayEquals(large, ParameterParser.readBody(declared, new ByteArrayInputStream(large)));
        }
        assertArrayEquals(new byte[] {'x'}, ParameterParser.readBody(-1, new ByteArrayInputStream(new byte[] {'x'})));
        assertArrayEquals(new byte[0], ParameterParser.readBody(-1, new ByteArrayInputStream(new byte[0])));
        assertArrayEquals(new byte[0], ParameterParser.readBody(0, new ByteArrayInputStream(new byte[0])));
        ApiException tooLarge = assertThrows(
                ApiException.class,
                () -> ParameterParser.readBody(
                        -1, new ByteArrayInputStream(new byte[(int) ParameterParser.MAX_BODY_BYTES + 1])));
        assertEquals(413, tooLarge.status());
    }

    @Test
    void manyAppendedKeysParseInLinearTime() {
        int count = ParameterParser.MAX_PARAMETERS - 1;
        String body = "x[]=1&".repeat(count);
        Parameters parsed = assertTimeoutPreemptively(
                HANG_GUARD,
                () -> ParameterParser.parse(
                        null, "application/x-www-form-urlencoded", body.getBytes(StandardCharsets.US_ASCII)));
        Map<?, ?> x = (Map<?, ?>) parsed.values().get("x");
        assertEquals(count, x.size());
        assertEquals("1", x.get(Integer.toString(count - 1)));
    }

    @Test
    void appendingFollowsExplicitIndexesAsInPhp() {
        Map<String, Object> parsed = ParameterParser.parseUrlEncoded("a[5]=x&a[]=y&a[2]=z&a[]=w");
        assertEquals(Map.of("5", "x", "6", "y", "2", "z", "7", "w"), parsed.get("a"));
        Map<String, Object> records = ParameterParser.parseUrlEncoded("records[][name]=a&records[][name]=b");
        assertEquals(Map.of("0", Map.of("name", "a"), "1", Map.of("name", "b")), records.get("records"));
    }

    @Test
    void tooManyParametersAre413() {
        String body = "x[]=1&".repeat(ParameterParser.MAX_PARAMETERS + 1);
        ApiException refused = assertTimeoutPreemptively(
                HANG_GUARD,
                () -> assertThrows(
                        ApiException.class,
                        () -> ParameterParser.parse(
                                null, "application/x-www-form-urlencoded", body.getBytes(StandardCharsets.US_ASCII))));
        assertEquals(413, refused.status());
        assertEquals(CommonMessages.TOO_MANY_PARAMETERS, refused.errors().get(0).code());
        String json = "{\"x\":[" + "1,".repeat(ParameterParser.MAX_PARAMETERS) + "1]}";
        assertEquals(
                413,
                assertThrows(ApiException.class, () -> ParameterParser.parseJson(json))
                        .status());
    }

    @Test
    void queryAndBodyCountTogether() {
        String half = "x[]=1&".repeat(ParameterParser.MAX_PARAMETERS / 2 + 1);
        assertEquals(
                413,
                assertThrows(
                                ApiException.class,
                                () -> ParameterParser.parse(
                                        half,
                                        "application/x-www-form-urlencoded",
                                        half.replace('x', 'y').getBytes(StandardCharsets.US_ASCII)))
                        .status());
    }

    @Test
    void deepNestingIs400() {
        for (int depth : List.of(ParameterParser.MAX_DEPTH + 1, 999, 1000, 1001, 100_000)) {
            String json = "{\"a\":" + "[".repeat(depth) + "]".repeat(depth) + "}";
            ApiException refused = assertTimeoutPreemptively(
                    HANG_GUARD,
                    () -> assertThrows(ApiException.class, () -> ParameterParser.parseJson(json)),
                    "depth " + depth);
            assertEquals(400, refused.status(), "depth " + depth);
            String form = "a" + "[b]".repeat(depth) + "=1";
            assertEquals(
                    400,
                    assertThrows(ApiException.class, () -> ParameterParser.parseUrlEncoded(form))
                            .status());
        }
        String fine =
                "{\"a\":" + "[".repeat(ParameterParser.MAX_DEPTH - 1) + "]".repeat(ParameterParser.MAX_DEPTH - 1) + "}";
        ParameterParser.parseJson(fine);
    }

    /** Bytes that are no UTF-8 are refused wherever text comes from, not stored as U+FFFD. */
    @Test
    void invalidUtf8Is400InEveryPlace() {
        byte[] naive = {'n', 'a', (byte) 0xEF, 'v', 'e'};
        String rawNaive = new String(naive, StandardCharsets.ISO_8859_1);
        String multipart = "--b\r\nContent-Disposition: form-data; name=\"x\"\r\n\r\n" + rawNaive + "\r\n--b--\r\n";
        List<Runnable> requests = List.of(
                () -> ParameterParser.parse(
                        null,
                        "application/json",
                        ("{\"x\":\"" + rawNaive + "\"}").getBytes(StandardCharsets.ISO_8859_1)),
                () -> ParameterParser.parse(
                        null, null, ("{\"x\":\"" + rawNaive + "\"}").getBytes(StandardCharsets.ISO_8859_1)),
                () -> ParameterParser.parse(
                        null, "application/x-www-form-urlencoded", "x=na%EFve".getBytes(StandardCharsets.US_ASCII)),
                () -> ParameterParser.parse(
                        null,
                        "application/x-www-form-urlencoded",
                        ("x=" + rawNaive).getBytes(StandardCharsets.ISO_8859_1)),
                () -> ParameterParser.parse(
                        null, "application/x-www-form-urlencoded", "na%EFve=x".getBytes(StandardCharsets.US_ASCII)),
                () -> ParameterParser.parse(
                        null, "application/x-www-form-urlencoded", "x=%C3".getBytes(StandardCharsets.US_ASCII)),
                () -> ParameterParser.parse(
                        null, "application/x-www-form-urlencoded", "x=%ED%A0%80".getBytes(StandardCharsets.US_ASCII)),
                () -> ParameterParser.parse(
                        null, "multipart/form-data; boundary=b", multipart.getBytes(StandardCharsets.ISO_8859_1)),
                () -> ParameterParser.parse("x=na%EFve", null, new byte[0]),
                () -> ParameterParser.parse("x=na\uFFFDve", null, new byte[0]));
        for (Runnable request : requests) {
            ApiException refused = assertThrows(ApiException.class, request::run);
            assertEquals(400, refused.status());
            assertEquals(CommonMessages.MALFORMED_UTF8, refused.errors().get(0).code());
        }
    }

    @Test
    void validUtf8AndPercentEncodingDecode() {
        byte[] utf8 = "x=na\u00efve+%C3%AFx&y=%2B%25".getBytes(StandardCharsets.UTF_8);
        Map<String, Object> parsed = ParameterParser.parse("q=%E2%82%AC", "application/x-www-form-urlencoded", utf8)
                .values();
        assertEquals(Map.of("q", "\u20ac", "x", "na\u00efve \u00efx", "y", "+%"), parsed);
        assertEquals(
                Map.of("x", "\u20ac"),
                ParameterParser.parse("x=\u20ac", null, new byte[0]).values());
        assertEquals(
                400,
                assertThrows(ApiException.class, () -> ParameterParser.parseUrlEncoded("x=%ZZ"))
                        .status());
        assertEquals(
                400,
                assertThrows(ApiException.class, () -> ParameterParser.parseUrlEncoded("x=%4"))
                        .status());
    }

    @Test
    void aJsonBodyIsReadByItsMediaTypesSuffixToo() {
        byte[] body = "{\"zone\":\"a.example\"}".getBytes(StandardCharsets.UTF_8);
        for (String type : List.of(
                "application/json", "application/merge-patch+json", "application/vnd.example+json; charset=utf-8")) {
            assertEquals(
                    Map.of("zone", "a.example"),
                    ParameterParser.parse(null, type, body).values(),
                    type);
        }
        ApiException xml = assertThrows(
                ApiException.class, () -> ParameterParser.parse(null, "application/vnd.example+xml", body));
        assertEquals(415, xml.status());
    }
}
