package net.hostingapi.idempotency.control;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class IdempotencyKeyTest {

    @Test
    void bareAndQuotedKeysAreTheSame() {
        assertEquals(
                "8e03978e-40d5-43e8-bc93-6894a57f9324", IdempotencyKey.parse("8e03978e-40d5-43e8-bc93-6894a57f9324"));
        assertEquals(
                "8e03978e-40d5-43e8-bc93-6894a57f9324",
                IdempotencyKey.parse("\"8e03978e-40d5-43e8-bc93-6894a57f9324\""));
        assertEquals("a\"b", IdempotencyKey.parse("\"a\\\"b\""));
        assertEquals("k", IdempotencyKey.parse("  k "));
    }

    @Test
    void keysAreOneTo255VisibleAsciiCharacters() {
        assertEquals(255, IdempotencyKey.parse("x".repeat(255)).length());
        for (String bad : List.of("", "\"\"", "x".repeat(256), "a b", "tab\there", "caf\u00e9", "nul\u0000")) {
            assertThrows(IllegalArgumentException.class, () -> IdempotencyKey.parse(bad), bad);
        }
    }

    @Test
    void answersAreKeptCompressedAndComeBackByteForByte() {
        byte[] answer = ("{\"data\":{\"zone\":{\"records\":[" + "{\"name\":\"www\",\"type\":\"A\"},".repeat(2000)
                        + "]}}}")
                .getBytes(StandardCharsets.UTF_8);
        byte[] stored = IdempotencyKeys.deflated(answer);
        assertTrue(stored.length < answer.length / 10, stored.length + " of " + answer.length);
        assertArrayEquals(answer, IdempotencyKeys.inflated(stored));
        assertArrayEquals(new byte[0], IdempotencyKeys.inflated(IdempotencyKeys.deflated(new byte[0])));
        assertThrows(IllegalStateException.class, () -> IdempotencyKeys.inflated(new byte[] {1, 2, 3}));
    }

    @Test
    void theFingerprintTellsEveryPartApart() {
        byte[] body = "{\"zone\":\"example.com\"}".getBytes(StandardCharsets.UTF_8);
        byte[] one = IdempotencyKey.fingerprint(
                List.of("POST", "/api/v1/dns/zones/records/add", "null", "application/json"), body);
        assertArrayEquals(
                one,
                IdempotencyKey.fingerprint(
                        List.of("POST", "/api/v1/dns/zones/records/add", "null", "application/json"), body.clone()));
        IdempotencyKey key = new IdempotencyKey(1, "k", one);
        assertTrue(key.sameRequest(one));
        assertFalse(key.sameRequest(IdempotencyKey.fingerprint(
                List.of("PUT", "/api/v1/dns/zones/records/add", "null", "application/json"), body)));
        assertFalse(key.sameRequest(IdempotencyKey.fingerprint(
                List.of("POST", "/api/v1/dns/zones/records/add", "a=1", "application/json"), body)));
        assertFalse(key.sameRequest(IdempotencyKey.fingerprint(
                List.of("POST", "/api/v1/dns/zones/records/add", "null", "text/plain"), body)));
        assertFalse(key.sameRequest(IdempotencyKey.fingerprint(
                List.of("POST", "/api/v1/dns/zones/records/add", "null", "application/json"), new byte[0])));
        // a part's end cannot run into the next part
        assertFalse(IdempotencyKey.fingerprint(List.of("ab", "c"), new byte[0])
                .equals(IdempotencyKey.fingerprint(List.of("a", "bc"), new byte[0])));
        assertFalse(java.util.Arrays.equals(
                IdempotencyKey.fingerprint(List.of("ab", "c"), new byte[0]),
                IdempotencyKey.fingerprint(List.of("a", "bc"), new byte[0])));
    }
}
