package net.hostingapi.platform.openapi.boundary;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.models.media.Schema;

/**
 * The schemas of the envelope's {@code data} payloads (api.md, The envelope), as the areas declare
 * them ({@link WireShape}) beside the code that writes them. Members are written in a compact
 * notation: {@code name:type}, where type is {@code string}, {@code integer}, {@code int64},
 * {@code boolean}, {@code timestamp} ({@code yyyy-MM-dd HH:mm:ss}, UTC), {@code date}, a schema
 * name, {@code [type]} for an array, {@code {type}} for a map; a trailing {@code ?} marks a member
 * that may be null, a leading {@code -} one that may be missing.
 */
final class PayloadSchemas {

    private PayloadSchemas() {}

    static final String REF = "#/components/schemas/";

    /**
     * Every payload schema by name. The areas are found with {@link ServiceLoader}
     * (META-INF/services): Payara creates the OpenAPI filter itself from mp.openapi.filter, not as
     * a CDI bean, so nothing can be injected into it; a service file needs only the class loader
     * the filter comes from, and platform names no area.
     */
    static Map<String, Schema> all() {
        Map<String, Schema> schemas = new LinkedHashMap<>();
        for (WireShapes area : ServiceLoader.load(WireShapes.class, PayloadSchemas.class.getClassLoader())) {
            for (WireShape<?> shape : area.shapes()) {
                if (schemas.containsKey(shape.name())) {
                    throw new IllegalStateException("Two payloads are named " + shape.name());
                }
                define(schemas, shape.name(), shape.description(), shape.notation());
            }
        }
        return schemas;
    }

    private static void define(Map<String, Schema> schemas, String name, String description, List<String> members) {
        Schema object = OASFactory.createSchema().type(Schema.SchemaType.OBJECT).description(description);
        List<String> required = new ArrayList<>();
        for (String member : members) {
            int colon = member.indexOf(':');
            boolean optional = member.startsWith("-");
            String key = member.substring(optional ? 1 : 0, colon);
            String type = member.substring(colon + 1);
            boolean nullable = type.endsWith("?");
            Schema schema = schema(nullable ? type.substring(0, type.length() - 1) : type);
            if (nullable) {
                schema.nullable(true);
            }
            object.addProperty(key, schema);
            if (!optional) {
                required.add(key);
            }
        }
        object.required(required);
        schemas.put(name, object);
    }

    /** A member's schema from the notation of the class comment. */
    static Schema schema(String type) {
        if (type.startsWith("[")) {
            return OASFactory.createSchema()
                    .type(Schema.SchemaType.ARRAY)
                    .items(schema(type.substring(1, type.length() - 1)));
        }
        if (type.startsWith("{")) {
            return OASFactory.createSchema()
                    .type(Schema.SchemaType.OBJECT)
                    .additionalPropertiesSchema(schema(type.substring(1, type.length() - 1)));
        }
        return switch (type) {
            case "string" -> OASFactory.createSchema().type(Schema.SchemaType.STRING);
            case "integer" ->
                OASFactory.createSchema().type(Schema.SchemaType.INTEGER).format("int32");
            case "int64" ->
                OASFactory.createSchema().type(Schema.SchemaType.INTEGER).format("int64");
            case "boolean" -> OASFactory.createSchema().type(Schema.SchemaType.BOOLEAN);
            case "timestamp" ->
                OASFactory.createSchema()
                        .type(Schema.SchemaType.STRING)
                        .description("yyyy-MM-dd HH:mm:ss, UTC")
                        .example("2026-11-23 20:15:00");
            case "date" ->
                OASFactory.createSchema().type(Schema.SchemaType.STRING).format("date");
            default -> OASFactory.createSchema().ref(REF + type);
        };
    }
}
