package net.hostingapi.platform.logging.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.SimpleFormatter;
import org.junit.jupiter.api.Test;

class LogRedactionTest {

    private static final String SECRET = "7WXF9TtUYgsRCHZ6kJs6uXKrq2fc_Zr8i0gFeokjpgU";

    @Test
    void blanksTheValuesOfSecretParametersAndBearerCredentials() {
        assertEquals(
                "A servlet request to the URI http://h:1/api/v1/dns/zones?authToken=*** contains form parameters",
                LogRedaction.redact("A servlet request to the URI http://h:1/api/v1/dns/zones?authToken=" + SECRET
                        + " contains form parameters"));
        assertEquals("/confirm?x=1&token=***&y=2", LogRedaction.redact("/confirm?x=1&token=" + SECRET + "&y=2"));
        assertEquals("mail-smtp-password=***", LogRedaction.redact("mail-smtp-password=smtp:pass=word"));
        assertEquals("Authorization: Bearer ***", LogRedaction.redact("Authorization: Bearer " + SECRET));
        assertEquals(
                "{\"authToken\": \"***\", \"name\": \"x\"}",
                LogRedaction.redact("{\"authToken\": \"" + SECRET + "\", \"name\": \"x\"}"));
    }

    /** A TSIG key as its answer writes it: a base64 secret, with the '+', '/' and '=' of base64. */
    @Test
    void blanksATsigKeysSecretInAnAnswer() {
        String secret = "q+3/Vb1xMlEh2nYk9pAa0Zr8i0gFeokjpgU7WXF9TtU=";
        String answer = "{\"tsig\":{\"name\":\"token-7-0a1b2c3d4e.tsig\",\"algorithm\":\"hmac-sha256\",\"secret\":\""
                + secret + "\"}}";
        String redacted = LogRedaction.redact(answer);
        assertFalse(redacted.contains(secret), redacted);
        assertTrue(redacted.contains("\"secret\":\"***\""), redacted);
        assertTrue(redacted.contains("token-7-0a1b2c3d4e.tsig"), "the key's name stays: " + redacted);
    }

    @Test
    void leavesTextWithoutSecretsAlone() {
        String line = "GET /api/v1/dns/zones 200 1.234ms account=12 tokenId=34 request=6f1c";
        assertSame(line, LogRedaction.redact(line));
        assertEquals("Token lookup failed", LogRedaction.redact("Token lookup failed"));
    }

    @Test
    void redactsMessageParametersAndTheExceptionChainOfARecord() {
        LogRecord record = new LogRecord(Level.WARNING, "Request {0} failed: token={1}");
        record.setParameters(new Object[] {"/x?authToken=" + SECRET, SECRET, 42});
        record.setThrown(
                new IllegalStateException("outer", new IllegalArgumentException("bad value password=" + SECRET)));
        assertTrue(new LogRedaction(null).isLoggable(record));
        String formatted = new SimpleFormatter().format(record);
        assertFalse(formatted.contains(SECRET), formatted);
        assertTrue(
                formatted.contains("Caused by: java.lang.IllegalArgumentException: bad value password=***"), formatted);
        assertTrue(formatted.contains("at net.hostingapi.platform.logging.control.LogRedactionTest"), formatted);
        assertEquals(42, record.getParameters()[2]);
    }

    @Test
    void asksThePreviousFilterFirst() {
        LogRecord record = new LogRecord(Level.INFO, "token=" + SECRET);
        assertFalse(new LogRedaction(r -> false).isLoggable(record));
    }
}
