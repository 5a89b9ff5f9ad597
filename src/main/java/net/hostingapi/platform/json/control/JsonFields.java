package net.hostingapi.platform.json.control;

import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import jakarta.json.spi.JsonProvider;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.ResolverStyle;
import java.util.Collection;
import java.util.function.Function;

/** Builds a JSON object in which a null Java value becomes JSON null (JSON-P's builder refuses nulls). */
public final class JsonFields {

    /** Timestamps on the wire, read and written alike (api.md, Representations): UTC, to the second. */
    public static final DateTimeFormatter DATE_TIME =
            DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss").withResolverStyle(ResolverStyle.STRICT);

    /** Dates on the wire, read and written alike. */
    public static final DateTimeFormatter DATE =
            DateTimeFormatter.ofPattern("uuuu-MM-dd").withResolverStyle(ResolverStyle.STRICT);

    /**
     * The JSON-P provider, looked up once: every static {@code Json.create...} call runs a
     * ServiceLoader scan of the class path, which took 80 % of a zone's rendering time (JFR).
     */
    public static final JsonProvider JSON = JsonProvider.provider();

    private final JsonObjectBuilder builder = JSON.createObjectBuilder();

    public static JsonFields object() {
        return new JsonFields();
    }

    public JsonFields put(String name, String value) {
        builder.add(name, value == null ? JsonValue.NULL : JSON.createValue(value));
        return this;
    }

    public JsonFields put(String name, Long value) {
        builder.add(name, value == null ? JsonValue.NULL : JSON.createValue(value));
        return this;
    }

    public JsonFields put(String name, Integer value) {
        builder.add(name, value == null ? JsonValue.NULL : JSON.createValue(value));
        return this;
    }

    public JsonFields put(String name, Boolean value) {
        builder.add(name, value == null ? JsonValue.NULL : value ? JsonValue.TRUE : JsonValue.FALSE);
        return this;
    }

    public JsonFields put(String name, JsonValue value) {
        builder.add(name, value == null ? JsonValue.NULL : value);
        return this;
    }

    /** Timestamps as {@code yyyy-MM-dd HH:mm:ss} (UTC), api.md, Representations. */
    public JsonFields put(String name, LocalDateTime value) {
        return put(name, value == null ? null : value.format(DATE_TIME));
    }

    public JsonFields put(String name, LocalDate value) {
        return put(name, value == null ? null : value.format(DATE));
    }

    public JsonFields putStrings(String name, Collection<String> values) {
        JsonArrayBuilder array = JSON.createArrayBuilder();
        values.forEach(array::add);
        builder.add(name, array);
        return this;
    }

    public JsonObject build() {
        return builder.build();
    }

    public static <T> JsonValue array(Collection<T> items, Function<T, ? extends JsonValue> representation) {
        JsonArrayBuilder array = JSON.createArrayBuilder();
        items.forEach(item -> array.add(representation.apply(item)));
        return array.build();
    }
}
