package net.hostingapi.platform.logging.control;

import jakarta.json.JsonObjectBuilder;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Instant;
import java.util.Map;
import java.util.logging.Formatter;
import java.util.logging.LogRecord;
import net.hostingapi.platform.json.control.JsonFields;

/**
 * One JSON object per log line ({@code LOG_FORMAT=json}), for log shippers that want fields, not
 * text: {@code time}, {@code level}, {@code logger}, {@code message}, {@code thrown}, and the
 * fields a record carries as a map in its first parameter (the request log's method, path,
 * status, duration_ms, client, account, token_id, request_id).
 */
public class JsonLogFormatter extends Formatter {

    @Override
    public String format(LogRecord record) {
        JsonObjectBuilder line = JsonFields.JSON
                .createObjectBuilder()
                .add("time", Instant.ofEpochMilli(record.getMillis()).toString())
                .add("level", record.getLevel().getName())
                .add("logger", record.getLoggerName() == null ? "" : record.getLoggerName())
                .add("message", formatMessage(record));
        Object[] parameters = record.getParameters();
        if (parameters != null && parameters.length == 1 && parameters[0] instanceof Map<?, ?> fields) {
            fields.forEach((name, value) -> {
                if (value == null) {
                    line.addNull(name.toString());
                } else if (value instanceof Integer i) {
                    line.add(name.toString(), i);
                } else if (value instanceof Long l) {
                    line.add(name.toString(), l);
                } else if (value instanceof Double d) {
                    line.add(name.toString(), d);
                } else {
                    line.add(name.toString(), value.toString());
                }
            });
        }
        if (record.getThrown() != null) {
            StringWriter trace = new StringWriter();
            record.getThrown().printStackTrace(new PrintWriter(trace));
            line.add("thrown", trace.toString());
        }
        return line.build().toString() + System.lineSeparator();
    }

    /** The message without parameter substitution when the parameter is a field map ({0} would print it). */
    @Override
    public String formatMessage(LogRecord record) {
        Object[] parameters = record.getParameters();
        if (parameters != null && parameters.length == 1 && parameters[0] instanceof Map<?, ?>) {
            return record.getMessage() == null ? "" : record.getMessage();
        }
        return super.formatMessage(record);
    }
}
