package net.hostingapi.platform.openapi.boundary;

import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import jakarta.json.spi.JsonProvider;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.function.Function;
import java.util.function.ToIntFunction;
import net.hostingapi.platform.json.control.JsonFields;

/**
 * A payload as it goes on the wire (api.md, Representations): its members in order, each with its wire
 * name, its type in the notation of {@link PayloadSchemas} and how its value is read. The one
 * declaration writes the answer ({@link #write}) and is the payload's schema in the OpenAPI
 * document, so a member is changed in one place.
 * <p>
 * A value read as null is written as JSON null; a member marked {@link #optional()} is left out
 * instead. A {@link #given} member is not read from the object: the caller hands its value to
 * {@link #write(Object, JsonValue)} (the records of a zone, written out or spliced in later); an
 * {@link #elsewhere} member is only declared here.
 *
 * @param <T> what the payload is written from
 */
public final class WireShape<T> {

    private static final JsonProvider JSON = JsonFields.JSON;

    /** How a member's value goes into the JSON object; the reader's type matches it. */
    private enum Kind {
        STRING,
        INT,
        INTEGER,
        INT64,
        BOOLEAN,
        TIMESTAMP,
        DATE,
        STRINGS,
        JSON,
        GIVEN,
        ELSEWHERE
    }

    private record Member<T>(
            String name,
            String type,
            Kind kind,
            Function<? super T, ?> read,
            ToIntFunction<? super T> readInt,
            boolean nullable,
            boolean optional) {

        Member<T> asNullable() {
            return new Member<>(name, type, kind, read, readInt, true, optional);
        }

        Member<T> asOptional() {
            return new Member<>(name, type, kind, read, readInt, nullable, true);
        }

        String notation() {
            return (optional ? "-" : "") + name + ":" + type + (nullable ? "?" : "");
        }
    }

    private final String name;
    private final String description;
    // filled while the shape is declared (a static initialiser), only read afterwards
    private final List<Member<T>> members = new ArrayList<>();

    private WireShape(String name, String description) {
        this.name = name;
        this.description = description;
    }

    /** A shape under its schema name in the OpenAPI document, with the schema's description. */
    public static <T> WireShape<T> named(String name, String description) {
        return new WireShape<>(name, description);
    }

    public WireShape<T> string(String member, Function<? super T, String> read) {
        return add(member, "string", Kind.STRING, read);
    }

    /** A 32-bit integer ({@code integer} in the notation), read unboxed: a zone's SOA timers. */
    public WireShape<T> integer(String member, ToIntFunction<? super T> read) {
        members.add(new Member<>(member, "integer", Kind.INT, null, read, false, false));
        return this;
    }

    /** A 32-bit integer that may be read as null. */
    public WireShape<T> integerOrNull(String member, Function<? super T, Integer> read) {
        return add(member, "integer", Kind.INTEGER, read);
    }

    public WireShape<T> int64(String member, Function<? super T, Long> read) {
        return add(member, "int64", Kind.INT64, read);
    }

    public WireShape<T> bool(String member, Function<? super T, Boolean> read) {
        return add(member, "boolean", Kind.BOOLEAN, read);
    }

    /** {@code yyyy-MM-dd HH:mm:ss}, UTC. */
    public WireShape<T> timestamp(String member, Function<? super T, LocalDateTime> read) {
        return add(member, "timestamp", Kind.TIMESTAMP, read);
    }

    public WireShape<T> date(String member, Function<? super T, LocalDate> read) {
        return add(member, "date", Kind.DATE, read);
    }

    /** An array of strings. */
    public WireShape<T> strings(String member, Function<? super T, Collection<String>> read) {
        return add(member, "[string]", Kind.STRINGS, read);
    }

    /** A value built by the reader, of the type given in the notation ({@code [Record]}, {@code {int64}}). */
    public WireShape<T> json(String member, String type, Function<? super T, JsonValue> read) {
        return add(member, type, Kind.JSON, read);
    }

    /** A member whose value the caller gives ({@link #write(Object, JsonValue)}); at most one per shape. */
    public WireShape<T> given(String member, String type) {
        return add(member, type, Kind.GIVEN, null);
    }

    /**
     * A member other code writes (this shape leaves it out): a zone's dnssec, added to its kept
     * text; the members of a payload an area stores as JSON or puts together in its resource.
     */
    public WireShape<T> elsewhere(String member, String type) {
        return add(member, type, Kind.ELSEWHERE, null);
    }

    /** The member declared last may be null. */
    public WireShape<T> nullable() {
        members.set(members.size() - 1, members.get(members.size() - 1).asNullable());
        return this;
    }

    /** The member declared last may be missing: it is left out when its value is null. */
    public WireShape<T> optional() {
        members.set(members.size() - 1, members.get(members.size() - 1).asOptional());
        return this;
    }

    private WireShape<T> add(String member, String type, Kind kind, Function<? super T, ?> read) {
        members.add(new Member<>(member, type, kind, read, null, false, false));
        return this;
    }

    public JsonObject write(T value) {
        return write(value, null);
    }

    /**
     * The members written from the value, the given one (if any) with {@code given}. Straight into
     * JSON-P's builder, as {@link JsonFields} writes each type: a wrapper around the builder would be
     * one more object for each record written.
     */
    public JsonObject write(T value, JsonValue given) {
        JsonObjectBuilder object = JSON.createObjectBuilder();
        // indexed: an iterator would be one more object too
        for (int i = 0; i < members.size(); i++) {
            Member<T> member = members.get(i);
            if (member.kind == Kind.ELSEWHERE) {
                continue;
            }
            if (member.kind == Kind.INT) {
                // unboxed: a box per member would be one more object per zone or action written
                object.add(member.name, JSON.createValue(member.readInt.applyAsInt(value)));
                continue;
            }
            Object read = member.kind == Kind.GIVEN ? given : member.read.apply(value);
            if (read == null) {
                if (!member.optional) {
                    object.add(member.name, JsonValue.NULL);
                }
                continue;
            }
            switch (member.kind) {
                case STRING -> object.add(member.name, JSON.createValue((String) read));
                case INTEGER -> object.add(member.name, JSON.createValue((Integer) read));
                case INT64 -> object.add(member.name, JSON.createValue((Long) read));
                case BOOLEAN -> object.add(member.name, (Boolean) read ? JsonValue.TRUE : JsonValue.FALSE);
                case TIMESTAMP ->
                    object.add(member.name, JSON.createValue(((LocalDateTime) read).format(JsonFields.DATE_TIME)));
                case DATE -> object.add(member.name, JSON.createValue(((LocalDate) read).format(JsonFields.DATE)));
                case STRINGS -> {
                    JsonArrayBuilder array = JSON.createArrayBuilder();
                    for (Object string : (Collection<?>) read) {
                        array.add((String) string);
                    }
                    object.add(member.name, array);
                }
                case JSON, GIVEN -> object.add(member.name, (JsonValue) read);
                default -> throw new IllegalStateException(member.kind + " is written above");
            }
        }
        return object.build();
    }

    public String name() {
        return name;
    }

    public String description() {
        return description;
    }

    /** The wire names of the members, in the order they are written. */
    public List<String> memberNames() {
        return members.stream().map(Member::name).toList();
    }

    /** The members in the notation of {@link PayloadSchemas} ({@code user:string?}, {@code -dnssec:DnssecSummary}). */
    public List<String> notation() {
        return members.stream().map(Member::notation).toList();
    }
}
