package net.hostingapi.platform.openapi.boundary;

import jakarta.annotation.security.PermitAll;
import jakarta.annotation.security.RolesAllowed;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.validation.Constraint;
import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Past;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.HttpMethod;
import java.io.StringReader;
import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedParameterizedType;
import java.lang.reflect.AnnotatedType;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.hostingapi.platform.limits.boundary.RateLimited;
import net.hostingapi.platform.parameters.control.FieldUpdate;
import net.hostingapi.platform.parameters.control.NoParameters;
import net.hostingapi.platform.parameters.control.Param;
import net.hostingapi.platform.validation.control.Characters;
import org.eclipse.microprofile.config.ConfigProvider;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.eclipse.microprofile.openapi.models.Components;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.PathItem;
import org.eclipse.microprofile.openapi.models.media.Content;
import org.eclipse.microprofile.openapi.models.media.MediaType;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.parameters.Parameter;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;
import org.eclipse.microprofile.openapi.models.responses.APIResponses;
import org.eclipse.microprofile.openapi.models.security.SecurityScheme;

/**
 * Completes the OpenAPI document Payara builds from the resources' annotations ({@code @Operation},
 * {@code @Tag}, paths and methods) with what the code already says elsewhere, so the two cannot
 * drift: each operation's parameters from the record it binds ({@link Binds}: components,
 * {@code @Param} wire names, Bean Validation constraints), its success envelope from {@link Answers}
 * and the payloads the areas declare ({@link PayloadSchemas}), its security from {@code @RolesAllowed}/{@code @PermitAll}, and the
 * envelope, the error answers, the security schemes and the document's title shared by all.
 * <p>
 * An operation without {@code @Operation(operationId)}, {@link Binds} or {@link Answers} (or
 * {@code @APIResponse} for the non-envelope answers) fails the document: /openapi answers 500.
 */
public class OpenApiDocument implements OASFilter {

    static final String REF = PayloadSchemas.REF;
    static final String BEARER = "bearerAuth";
    static final String QUERY_TOKEN = "authToken";
    static final List<String> BODY_TYPES =
            List.of("application/json", "application/x-www-form-urlencoded", "multipart/form-data");

    /** Error answers every operation may give, by status: response name and description. */
    private static final Map<String, String[]> ERRORS = new LinkedHashMap<>();

    static {
        ERRORS.put("400", new String[] {"BadRequest", "Malformed request (a body that does not parse)."});
        ERRORS.put("401", new String[] {"Unauthorized", "No token, or an unknown, expired or deactivated one."});
        ERRORS.put("403", new String[] {"Forbidden", "The token lacks the operation's right; the message names it."});
        ERRORS.put("404", new String[] {"NotFound", "No such object in the caller's account."});
        ERRORS.put("409", new String[] {
            "Conflict",
            "Name taken, domain assigned elsewhere, invalid state transition, concurrent change, or a request with"
                    + " the same Idempotency-Key still running (with Retry-After)."
        });
        ERRORS.put("422", new String[] {
            "ValidationFailed",
            "Validation failed: every violated field is listed in messages.errors with its field; or the"
                    + " Idempotency-Key was used for another request."
        });
        ERRORS.put("429", new String[] {
            "TooManyRequests", "Too many requests (or failed authentications); retry after Retry-After seconds."
        });
        ERRORS.put("503", new String[] {
            "ServiceUnavailable", "A dependency (database, nameserver, mail) is down; retry after Retry-After seconds."
        });
    }

    private final Map<Class<?>, String> inputNames = new LinkedHashMap<>();
    private Map<String, Schema> payloads;
    private Components components;

    @Override
    public void filterOpenAPI(OpenAPI openAPI) {
        inputNames.clear();
        describe(openAPI);
        if (openAPI.getTags() != null) {
            // two resources of one area (handles and their verification) declare the same tag
            Map<String, org.eclipse.microprofile.openapi.models.tags.Tag> tags = new LinkedHashMap<>();
            openAPI.getTags().forEach(t -> tags.putIfAbsent(t.getName(), t));
            openAPI.setTags(new ArrayList<>(tags.values()));
        }
        components = openAPI.getComponents() == null ? OASFactory.createComponents() : openAPI.getComponents();
        openAPI.setComponents(components);
        shared();
        conditionsShared();
        payloads = PayloadSchemas.all();
        payloads.forEach(components::addSchema);
        for (Class<?> resource : resources()) {
            jakarta.ws.rs.Path root = resource.getAnnotation(jakarta.ws.rs.Path.class);
            if (root == null) {
                continue;
            }
            for (Method method : resource.getMethods()) {
                String httpMethod = httpMethod(method);
                if (httpMethod == null) {
                    continue;
                }
                jakarta.ws.rs.Path sub = method.getAnnotation(jakarta.ws.rs.Path.class);
                String path = ("/api/v1/" + root.value() + (sub == null ? "" : "/" + sub.value()))
                        .replaceAll("\\{([a-zA-Z_]+)\\s*:[^/]*\\}", "{$1}")
                        .replaceAll("/+", "/");
                PathItem item =
                        openAPI.getPaths() == null ? null : openAPI.getPaths().getPathItem(path);
                Operation operation =
                        item == null ? null : item.getOperations().get(PathItem.HttpMethod.valueOf(httpMethod));
                if (operation == null) {
                    throw new IllegalStateException(
                            "No operation " + httpMethod + " " + path + " in the scanned document");
                }
                complete(operation, httpMethod, resource, method);
            }
        }
    }

    private static void describe(OpenAPI openAPI) {
        openAPI.info(OASFactory.createInfo().title("Hosting API").version("1.0").description("""
                        DNS zones and records, domain handles and datacenter server actions of a hosting provider.

                        **Parameters.** Every operation takes its parameters from the query string and from the body, \
                        whatever the method; the body wins on conflict. Bodies may be `application/json`, \
                        `application/x-www-form-urlencoded` or `multipart/form-data`; forms nest PHP style \
                        (`records[0][name]=www`, `permissions[]=DNS_ZONES_LIST`). Integers also come as strings of digits, \
                        booleans as `1`/`0`. Unknown parameters are ignored and named in `messages.warnings`.

                        **Answers.** Every answer is the envelope `{metadata, status, messages, data}`, errors included \
                        (`data` is null then); `serverTransactionId` is also sent as `X-Request-Id`.

                        **Authentication.** A token as `Authorization: Bearer <token>` or as the parameter `authToken`; \
                        the header wins. Each operation names the right it needs."""));
        openAPI.servers(List.of(OASFactory.createServer().url("/").description("This service")));
    }

    /** Envelope parts, error answers and security schemes. */
    private void shared() {
        components.addSecurityScheme(
                BEARER,
                OASFactory.createSecurityScheme()
                        .type(SecurityScheme.Type.HTTP)
                        .scheme("bearer")
                        .description("Authorization: Bearer <token>"));
        components.addSecurityScheme(
                QUERY_TOKEN,
                OASFactory.createSecurityScheme()
                        .type(SecurityScheme.Type.APIKEY)
                        .in(SecurityScheme.In.QUERY)
                        .name("authToken")
                        .description("The token as the parameter authToken (also accepted in the body)."));
        components.addSchema(
                "Message",
                OASFactory.createSchema()
                        .type(Schema.SchemaType.OBJECT)
                        .description("One message; field names the input field it concerns, e.g. records[2].ttl.")
                        .addProperty("code", PayloadSchemas.schema("integer"))
                        .addProperty("message", PayloadSchemas.schema("string"))
                        .addProperty("field", PayloadSchemas.schema("string"))
                        .required(List.of("code", "message")));
        components.addSchema(
                "Messages",
                OASFactory.createSchema()
                        .type(Schema.SchemaType.OBJECT)
                        .addProperty("errors", PayloadSchemas.schema("[Message]"))
                        .addProperty("warnings", PayloadSchemas.schema("[Message]"))
                        .addProperty("success", PayloadSchemas.schema("[Message]"))
                        .required(List.of("errors", "warnings", "success")));
        components.addSchema(
                "Metadata",
                OASFactory.createSchema()
                        .type(Schema.SchemaType.OBJECT)
                        .addProperty(
                                "clientTransactionId",
                                PayloadSchemas.schema("string")
                                        .nullable(true)
                                        .description(
                                                "The parameter clientTransactionId or the header X-Client-Transaction-Id, echoed."))
                        .addProperty(
                                "serverTransactionId",
                                PayloadSchemas.schema("string")
                                        .format("uuid")
                                        .description("Fresh per request; also the header X-Request-Id."))
                        .required(List.of("clientTransactionId", "serverTransactionId")));
        components.addSchema(
                "ErrorEnvelope",
                envelope(OASFactory.createSchema()
                                .type(Schema.SchemaType.OBJECT)
                                .nullable(true)
                                .description("Always null in an error."))
                        .description("The envelope of an error."));
        for (Map.Entry<String, String[]> error : ERRORS.entrySet()) {
            APIResponse response = OASFactory.createAPIResponse()
                    .description(error.getValue()[1])
                    .content(json(OASFactory.createSchema().ref(REF + "ErrorEnvelope")));
            if (error.getKey().equals("429") || error.getKey().equals("503")) {
                response.addHeader(
                        "Retry-After",
                        OASFactory.createHeader()
                                .description("Seconds to wait")
                                .schema(PayloadSchemas.schema("integer")));
            }
            components.addResponse(error.getValue()[0], response);
        }
    }

    /** The envelope with the given schema for data. */
    private static Schema envelope(Schema data) {
        return OASFactory.createSchema()
                .type(Schema.SchemaType.OBJECT)
                .addProperty("metadata", OASFactory.createSchema().ref(REF + "Metadata"))
                .addProperty("status", PayloadSchemas.schema("string").enumeration(List.of("success", "error")))
                .addProperty("messages", OASFactory.createSchema().ref(REF + "Messages"))
                .addProperty("data", data)
                .required(List.of("metadata", "status", "messages", "data"));
    }

    /** The envelope, and the other types the method {@code @Produces} (iPXE scripts) as text. */
    private static Content successContent(Method method, Schema envelope) {
        Content content = json(envelope);
        jakarta.ws.rs.Produces produces = method.getAnnotation(jakarta.ws.rs.Produces.class);
        if (produces != null) {
            for (String type : produces.value()) {
                if (!type.startsWith("application/json")) {
                    content.addMediaType(type, OASFactory.createMediaType().schema(PayloadSchemas.schema("string")));
                }
            }
        }
        return content;
    }

    private static Content json(Schema schema) {
        return OASFactory.createContent()
                .addMediaType("application/json", OASFactory.createMediaType().schema(schema));
    }

    private void complete(Operation operation, String httpMethod, Class<?> resource, Method method) {
        String where = resource.getSimpleName() + "." + method.getName();
        if (operation.getOperationId() == null || operation.getOperationId().isBlank()) {
            throw new IllegalStateException(where + " has no @Operation(operationId)");
        }
        Tag tag = resource.getAnnotation(Tag.class);
        if (tag != null) {
            operation.setTags(List.of(tag.name()));
        }
        Binds binds = method.getAnnotation(Binds.class);
        if (binds == null) {
            throw new IllegalStateException(where + " has no @Binds");
        }
        boolean body = !httpMethod.equals(HttpMethod.GET) && binds.value() != NoParameters.class;
        if (body) {
            Schema schema = OASFactory.createSchema().ref(REF + input(binds.value()));
            Content content = OASFactory.createContent();
            for (String type : BODY_TYPES) {
                MediaType media = OASFactory.createMediaType().schema(schema);
                if (type.equals("application/json") && !binds.example().isEmpty()) {
                    media.addExample("example", OASFactory.createExample().value(example(binds.example())));
                }
                content.addMediaType(type, media);
            }
            operation.requestBody(OASFactory.createRequestBody()
                    .content(content)
                    .required(!required(binds.value()).isEmpty())
                    .description("Also accepted in the query string; forms nest PHP style (records[0][name])."));
        } else {
            queryParameters(operation, binds.value());
        }
        security(operation, method, resource);
        responses(operation, httpMethod, method, where);
        conditions(operation, method);
        idempotency(operation, httpMethod);
    }

    /** The shared parts of conditional requests: the ETag header, If-Match, If-None-Match, 304 and 412. */
    private void conditionsShared() {
        components.addHeader(
                "ETag",
                OASFactory.createHeader()
                        .description("The object's strong entity tag (api.md, Conditional requests).")
                        .schema(PayloadSchemas.schema("string")));
        components.addParameter(
                "IfMatch",
                OASFactory.createParameter()
                        .name("If-Match")
                        .in(Parameter.In.HEADER)
                        .required(false)
                        .description("Change only if the object's current tag is one of these (strong comparison),"
                                + " or * for any existing object; otherwise 412 and nothing changes.")
                        .schema(PayloadSchemas.schema("string")));
        components.addParameter(
                "IfNoneMatch",
                OASFactory.createParameter()
                        .name("If-None-Match")
                        .in(Parameter.In.HEADER)
                        .required(false)
                        .description("Answer 304 without a body if the object's current tag is one of these.")
                        .schema(PayloadSchemas.schema("string")));
        components.addResponse(
                "PreconditionFailed",
                OASFactory.createAPIResponse()
                        .description("If-Match names no current tag of the object (PRECONDITION_FAILED): nothing"
                                + " changed; the current tag is in ETag and ends the error's message.")
                        .addHeader("ETag", OASFactory.createHeader().ref("#/components/headers/ETag"))
                        .content(json(OASFactory.createSchema().ref(REF + "ErrorEnvelope"))));
        components.addResponse(
                "NotModified",
                OASFactory.createAPIResponse()
                        .description("If-None-Match names the current tag: the caller's copy is current; no body.")
                        .addHeader("ETag", OASFactory.createHeader().ref("#/components/headers/ETag")));
    }

    /** An operation's entity tag and conditions, as its {@link Tagged} declares them. */
    private static void conditions(Operation operation, Method method) {
        Tagged tagged = method.getAnnotation(Tagged.class);
        if (tagged == null) {
            return;
        }
        Answers answers = method.getAnnotation(Answers.class);
        if (!tagged.untagged() && answers != null) {
            APIResponse success = operation.getResponses().getAPIResponse(Integer.toString(answers.status()));
            success.addHeader("ETag", OASFactory.createHeader().ref("#/components/headers/ETag"));
        }
        if (tagged.ifMatch()) {
            operation.addParameter(OASFactory.createParameter().ref("#/components/parameters/IfMatch"));
            operation
                    .getResponses()
                    .addAPIResponse(
                            "412", OASFactory.createAPIResponse().ref("#/components/responses/PreconditionFailed"));
        }
        if (tagged.ifNoneMatch()) {
            operation.addParameter(OASFactory.createParameter().ref("#/components/parameters/IfNoneMatch"));
            operation
                    .getResponses()
                    .addAPIResponse("304", OASFactory.createAPIResponse().ref("#/components/responses/NotModified"));
        }
    }

    /** Every authenticated write takes an {@code Idempotency-Key} (api.md, Retries with Idempotency-Key). */
    private static void idempotency(Operation operation, String httpMethod) {
        boolean secured =
                operation.getSecurity() == null || !operation.getSecurity().isEmpty();
        if (httpMethod.equals(HttpMethod.GET) || !secured) {
            return;
        }
        operation.addParameter(OASFactory.createParameter()
                .name("Idempotency-Key")
                .in(Parameter.In.HEADER)
                .description("Makes the write safe to repeat: a repetition with the same key and request is answered"
                        + " the first answer (Idempotent-Replayed: true) and changes nothing; another request under"
                        + " the key 422, one still running 409 with Retry-After. Keys are the account's, kept 24 h.")
                .schema(OASFactory.createSchema()
                        .type(Schema.SchemaType.STRING)
                        .minLength(1)
                        .maxLength(255)
                        .pattern("^[\\x21-\\x7E]+$")));
        operation.getResponses().getAPIResponses().values().stream()
                .filter(r -> r.getRef() == null
                        && r.getDescription() != null
                        && (r.getDescription().equals("Success")
                                || r.getDescription().equals("Created")))
                .forEach(r -> r.addHeader(
                        "Idempotent-Replayed",
                        OASFactory.createHeader()
                                .description("true when this is the stored answer of an earlier request with the key")
                                .schema(PayloadSchemas.schema("string"))));
    }

    private void security(Operation operation, Method method, Class<?> resource) {
        if (method.isAnnotationPresent(PermitAll.class)) {
            operation.setSecurity(List.of());
            return;
        }
        RolesAllowed roles = method.getAnnotation(RolesAllowed.class);
        if (roles == null) {
            roles = resource.getAnnotation(RolesAllowed.class);
        }
        operation.setSecurity(List.of(
                OASFactory.createSecurityRequirement().addScheme(BEARER),
                OASFactory.createSecurityRequirement().addScheme(QUERY_TOKEN)));
        List<String> rights = roles == null
                ? List.of()
                : Arrays.stream(roles.value())
                        .filter(r -> !r.equals("API_CALLER"))
                        .toList();
        String needs = rights.isEmpty()
                ? "Needs a valid token, no named right."
                : "Needs the right " + String.join(" or ", rights) + ".";
        operation.setDescription(
                operation.getDescription() == null ? needs : operation.getDescription() + "\n\n" + needs);
        operation.addExtension("x-required-rights", rights);
    }

    private void responses(Operation operation, String httpMethod, Method method, String where) {
        APIResponses responses =
                operation.getResponses() == null ? OASFactory.createAPIResponses() : operation.getResponses();
        Answers answers = method.getAnnotation(Answers.class);
        if (answers != null) {
            responses.removeAPIResponse("default");
            String data = answers.schema() + (answers.array() ? "List" : "");
            String envelope = data + "Envelope";
            if (components.getSchemas().get(envelope) == null) {
                if (answers.data().isEmpty()) {
                    // data is the payload itself (several members, see Reply)
                    components.addSchema(
                            envelope, envelope(OASFactory.createSchema().ref(REF + answers.schema())));
                } else {
                    Schema payload = OASFactory.createSchema()
                            .type(Schema.SchemaType.OBJECT)
                            .addProperty(
                                    answers.data(),
                                    PayloadSchemas.schema(
                                            answers.array() ? "[" + answers.schema() + "]" : answers.schema()))
                            .required(List.of(answers.data()));
                    for (String optional : answers.optional()) {
                        String[] member = optional.split(":", 2);
                        payload.addProperty(member[0], PayloadSchemas.schema(member[1]));
                    }
                    components.addSchema(data + "Data", payload);
                    components.addSchema(
                            envelope, envelope(OASFactory.createSchema().ref(REF + data + "Data")));
                }
            }
            responses.addAPIResponse(
                    Integer.toString(answers.status()),
                    OASFactory.createAPIResponse()
                            .description(answers.status() == 201 ? "Created" : "Success")
                            .addHeader(
                                    "X-Request-Id", OASFactory.createHeader().schema(PayloadSchemas.schema("string")))
                            .content(successContent(
                                    method, OASFactory.createSchema().ref(REF + envelope))));
        } else if (responses.getAPIResponses() == null
                || responses.getAPIResponses().containsKey("default")) {
            throw new IllegalStateException(where + " has neither @Answers nor @APIResponse");
        } else {
            // an answer in a type of its own (the zone file): plain text; the annotation's schema
            // would carry every default of @Schema (uniqueItems: false, ...), which generators warn about
            responses.getAPIResponses().values().stream()
                    .filter(r -> r.getContent() != null && r.getContent().getMediaTypes() != null)
                    .flatMap(r -> r.getContent().getMediaTypes().values().stream())
                    .forEach(m -> m.setSchema(PayloadSchemas.schema("string")));
        }
        boolean secured =
                operation.getSecurity() != null && !operation.getSecurity().isEmpty();
        for (Map.Entry<String, String[]> error : ERRORS.entrySet()) {
            String status = error.getKey();
            boolean applies = switch (status) {
                case "401", "403" -> secured;
                case "409" -> !httpMethod.equals(HttpMethod.GET);
                case "429" -> secured || method.isAnnotationPresent(RateLimited.class);
                default -> true;
            };
            if (applies
                    && (responses.getAPIResponses() == null
                            || !responses.getAPIResponses().containsKey(status))) {
                responses.addAPIResponse(
                        status, OASFactory.createAPIResponse().ref("#/components/responses/" + error.getValue()[0]));
            }
        }
        operation.setResponses(responses);
    }

    private void queryParameters(Operation operation, Class<? extends Record> input) {
        List<String> required = required(input);
        for (RecordComponent component : input.getRecordComponents()) {
            Param param = component.getAnnotation(Param.class);
            String name = wireName(component);
            Parameter parameter = OASFactory.createParameter()
                    .name(name)
                    .in(Parameter.In.QUERY)
                    .required(required.contains(name))
                    .schema(schema(component.getAnnotatedType()));
            if (param != null && param.ignored()) {
                parameter.description("Accepted and ignored.");
            }
            operation.addParameter(parameter);
        }
    }

    /** The name of the record's schema, defining it (and the records it nests) on first use. */
    private String input(Class<?> record) {
        String known = inputNames.get(record);
        if (known != null) {
            return known;
        }
        String name = record.getSimpleName();
        if (inputNames.containsValue(name) || payloads.containsKey(name)) {
            name = record.getEnclosingClass() == null
                    ? record.getName().replace('.', '_')
                    : record.getEnclosingClass().getSimpleName() + name;
        }
        inputNames.put(record, name);
        Schema object = OASFactory.createSchema().type(Schema.SchemaType.OBJECT);
        for (RecordComponent component : record.getRecordComponents()) {
            Param param = component.getAnnotation(Param.class);
            Schema schema = schema(component.getAnnotatedType());
            if (param != null && param.ignored()) {
                schema.description("Accepted and ignored.");
            } else if (param != null && param.aliases().length > 0) {
                schema.description("Also accepted as " + String.join(", ", param.aliases()) + ".");
            }
            object.addProperty(wireName(component), schema);
        }
        List<String> required = required(record);
        if (!required.isEmpty()) {
            object.required(required);
        }
        components.addSchema(name, object);
        return name;
    }

    private static String wireName(RecordComponent component) {
        Param param = component.getAnnotation(Param.class);
        return param == null || param.value().isEmpty() ? component.getName() : param.value();
    }

    private static List<String> required(Class<?> record) {
        List<String> required = new ArrayList<>();
        for (RecordComponent component : record.getRecordComponents()) {
            AnnotatedType type = component.getAnnotatedType();
            if (has(component, type, NotNull.class)
                    || has(component, type, NotBlank.class)
                    || has(component, type, NotEmpty.class)) {
                required.add(wireName(component));
            }
        }
        return required;
    }

    private static boolean has(RecordComponent component, AnnotatedType type, Class<? extends Annotation> annotation) {
        return constraints(type.getAnnotations()).stream().anyMatch(annotation::isInstance)
                || constraints(component.getAnnotations()).stream().anyMatch(annotation::isInstance);
    }

    /**
     * The constraints as written, a composed constraint (one validated by the constraints it is
     * annotated with alone, such as a handle's field rules) replaced by those, in their order.
     */
    private static List<Annotation> constraints(Annotation[] annotations) {
        List<Annotation> constraints = new ArrayList<>();
        for (Annotation annotation : annotations) {
            Constraint constraint = annotation.annotationType().getAnnotation(Constraint.class);
            // Bean Validation's own constraints name no validator either, and compose nothing
            Annotation[] composing = constraint == null || constraint.validatedBy().length > 0
                    ? new Annotation[0]
                    : Arrays.stream(annotation.annotationType().getAnnotations())
                            .filter(a -> a.annotationType().isAnnotationPresent(Constraint.class))
                            .toArray(Annotation[]::new);
            if (composing.length > 0) {
                constraints.addAll(constraints(composing));
            } else {
                constraints.add(annotation);
            }
        }
        return constraints;
    }

    /** The schema of a component's (or a type argument's) type, with its constraints. */
    private Schema schema(AnnotatedType annotated) {
        Class<?> raw = raw(annotated);
        Schema schema;
        if (raw == FieldUpdate.class) {
            schema = schema(argument(annotated)).nullable(true);
            return schema.description(join(schema.getDescription(), "null clears the stored value."));
        } else if (raw == List.class || raw == Set.class) {
            schema = OASFactory.createSchema().type(Schema.SchemaType.ARRAY).items(schema(argument(annotated)));
        } else if (raw.isRecord()) {
            schema = OASFactory.createSchema().ref(REF + input(raw));
            return schema;
        } else if (raw.isEnum()) {
            List<Object> values = new ArrayList<>();
            for (Object constant : raw.getEnumConstants()) {
                values.add(((Enum<?>) constant).name());
            }
            schema = OASFactory.createSchema().type(Schema.SchemaType.STRING).enumeration(values);
        } else if (raw == Integer.class || raw == int.class) {
            schema = OASFactory.createSchema().type(Schema.SchemaType.INTEGER).format("int32");
        } else if (raw == Long.class || raw == long.class) {
            schema = OASFactory.createSchema().type(Schema.SchemaType.INTEGER).format("int64");
        } else if (raw == Boolean.class || raw == boolean.class) {
            schema = OASFactory.createSchema().type(Schema.SchemaType.BOOLEAN);
        } else if (raw == LocalDate.class) {
            schema = OASFactory.createSchema().type(Schema.SchemaType.STRING).format("date");
        } else if (raw == LocalDateTime.class) {
            schema = OASFactory.createSchema().type(Schema.SchemaType.STRING).description("yyyy-MM-dd HH:mm:ss, UTC");
        } else {
            schema = OASFactory.createSchema().type(Schema.SchemaType.STRING);
        }
        constrain(schema, annotated.getAnnotations());
        return schema;
    }

    private static void constrain(Schema schema, Annotation[] annotations) {
        for (Annotation annotation : constraints(annotations)) {
            if (annotation instanceof Size size) {
                if (schema.getType() == Schema.SchemaType.ARRAY) {
                    schema.minItems(size.min() > 0 ? size.min() : null)
                            .maxItems(size.max() < Integer.MAX_VALUE ? size.max() : null);
                } else {
                    schema.minLength(size.min() > 0 ? size.min() : null)
                            .maxLength(size.max() < Integer.MAX_VALUE ? size.max() : null);
                }
            } else if (annotation instanceof Characters characters) {
                // counted in code points, as JSON Schema counts minLength and maxLength
                schema.minLength(characters.min() > 0 ? characters.min() : null)
                        .maxLength(characters.max() < Integer.MAX_VALUE ? characters.max() : null);
            } else if (annotation instanceof Min min) {
                schema.minimum(java.math.BigDecimal.valueOf(min.value()));
            } else if (annotation instanceof Max max) {
                schema.maximum(java.math.BigDecimal.valueOf(max.value()));
            } else if (annotation instanceof Pattern pattern) {
                schema.pattern(pattern.regexp());
            } else if (annotation instanceof NotBlank) {
                schema.minLength(1);
            } else if (annotation instanceof NotEmpty) {
                if (schema.getType() == Schema.SchemaType.ARRAY) {
                    schema.minItems(1);
                } else {
                    schema.minLength(1);
                }
            } else if (annotation instanceof Email) {
                schema.format("email");
            } else if (annotation instanceof Past) {
                schema.description(join(schema.getDescription(), "In the past."));
            } else if (!annotation.annotationType().getPackageName().startsWith("jakarta.")) {
                // the areas' own constraints (@CountryCode, @KnownUser, ...): their names say what they check
                schema.description(join(
                        schema.getDescription(),
                        "Checked: " + annotation.annotationType().getSimpleName() + "."));
            }
        }
    }

    private static String join(String a, String b) {
        return a == null ? b : a + " " + b;
    }

    private static Class<?> raw(AnnotatedType annotated) {
        java.lang.reflect.Type type = annotated.getType();
        if (type instanceof Class<?> c) {
            return c;
        }
        return (Class<?>) ((java.lang.reflect.ParameterizedType) type).getRawType();
    }

    private static AnnotatedType argument(AnnotatedType annotated) {
        return ((AnnotatedParameterizedType) annotated).getAnnotatedActualTypeArguments()[0];
    }

    private static String httpMethod(Method method) {
        for (Annotation annotation : method.getAnnotations()) {
            HttpMethod http = annotation.annotationType().getAnnotation(HttpMethod.class);
            if (http != null) {
                return http.value();
            }
        }
        return null;
    }

    /** The resources Payara scans (mp.openapi.scan.classes): one list for both. */
    private static List<Class<?>> resources() {
        String names = ConfigProvider.getConfig().getValue("mp.openapi.scan.classes", String.class);
        List<Class<?>> classes = new ArrayList<>();
        ClassLoader loader = OpenApiDocument.class.getClassLoader();
        for (String name : names.split(",")) {
            try {
                classes.add(Class.forName(name.strip(), false, loader));
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException("mp.openapi.scan.classes names an unknown class " + name, e);
            }
        }
        return classes;
    }

    /** A JSON example as plain maps, lists and values, which the document writes out. */
    private static Object example(String json) {
        return plain(Json.createReader(new StringReader(json)).readValue());
    }

    private static Object plain(JsonValue value) {
        return switch (value.getValueType()) {
            case OBJECT -> {
                Map<String, Object> map = new LinkedHashMap<>();
                ((JsonObject) value).forEach((k, v) -> map.put(k, plain(v)));
                yield map;
            }
            case ARRAY ->
                ((JsonArray) value).stream().map(OpenApiDocument::plain).toList();
            case STRING -> ((JsonString) value).getString();
            case NUMBER ->
                ((JsonNumber) value).isIntegral()
                        ? (Object) ((JsonNumber) value).longValue()
                        : ((JsonNumber) value).bigDecimalValue();
            case TRUE -> true;
            case FALSE -> false;
            case NULL -> null;
        };
    }
}
