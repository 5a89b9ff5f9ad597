package net.hostingapi.platform.logging.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import org.junit.jupiter.api.Test;

class JsonLogFormatterTest {

    private final JsonLogFormatter formatter = new JsonLogFormatter();

    @Test
    void aRequestLineIsOneObjectWithItsFieldsAsMembers() {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("method", "POST");
        fields.put("status", 201);
        fields.put("duration_ms", 12.5);
        fields.put("account", 12L);
        fields.put("token_id", null);
        LogRecord record = new LogRecord(Level.INFO, "POST /api/v1/dns/zones/create 201 12.500ms");
        record.setLoggerName("net.hostingapi.request");
        record.setParameters(new Object[] {fields});

        String line = formatter.format(record);
        assertTrue(line.endsWith(System.lineSeparator()) && line.indexOf('\n') == line.length() - 1, "one line");
        JsonObject json = Json.createReader(new StringReader(line)).readObject();
        assertEquals("INFO", json.getString("level"));
        assertEquals("net.hostingapi.request", json.getString("logger"));
        assertEquals("POST /api/v1/dns/zones/create 201 12.500ms", json.getString("message"));
        assertEquals(201, json.getInt("status"));
        assertEquals(12, json.getJsonNumber("account").longValue());
        assertEquals(12.5, json.getJsonNumber("duration_ms").doubleValue());
        assertTrue(json.isNull("token_id"));
    }

    @Test
    void anyOtherRecordKeepsItsMessageAndStackTraceOnOneLine() {
        LogRecord record = new LogRecord(Level.SEVERE, "Unexpected failure {0}");
        record.setParameters(new Object[] {"x"});
        record.setThrown(new IllegalStateException("boom"));
        String line = formatter.format(record);
        assertEquals(1, line.split("\n").length, "the stack trace is escaped inside the object");
        JsonObject json = Json.createReader(new StringReader(line)).readObject();
        assertEquals("Unexpected failure x", json.getString("message"));
        assertTrue(json.getString("thrown").contains("IllegalStateException: boom"));
    }
}
