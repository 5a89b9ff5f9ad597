package net.hostingapi.platform.parameters.control;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.ElementKind;
import jakarta.validation.Path;
import jakarta.validation.TraversableResolver;
import jakarta.validation.Validator;
import jakarta.validation.ValidatorFactory;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.lang.annotation.Annotation;
import java.lang.annotation.ElementType;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import net.hostingapi.platform.json.control.JsonFields;
import net.hostingapi.platform.messages.control.CommonMessages;
import net.hostingapi.platform.messages.control.Message;
import net.hostingapi.platform.messages.control.MessageCode;
import net.hostingapi.platform.messages.control.Violations;
import net.hostingapi.platform.validation.control.ControlCharacters;

/**
 * The one place request parameters become typed input: binds a request's parameters
 * to a Java record by wire name (the component's, or the one {@link Param} gives), applying the leniency of api.md, Parameters (numbers as
 * strings, {@code ""} as absent, booleans as 1/0, bracket maps as lists), then validates it with
 * Bean Validation. Every violated field is reported at once, with its path
 * ({@code records[2].ttl}); nothing is half-bound.
 * <p>
 * Component types: String, Integer, Long, Boolean, enums, LocalDate ({@code YYYY-MM-DD}, also with
 * a midnight time {@code 00:00:00}),
 * LocalDateTime ({@code yyyy-MM-dd HH:mm:ss} or a date), nested records, and Lists of these.
 * {@link FieldUpdate} tells absent, JSON null ("clear it") and a value apart; every other absent component is null.
 */
@ApplicationScoped
public class ParameterBinder {

    // Compiled once: String.matches and replaceAll compiled them again for every parameter.
    private static final Pattern LINE_BREAKS_AND_TABS = Pattern.compile("[\r\n\t]");
    private static final Pattern INTEGER = Pattern.compile("-?\\d{1,18}");
    private static final Pattern LIST_INDEX = Pattern.compile("\\d{1,9}");

    @Inject
    ValidatorFactory validators;

    private Validator validator;

    @PostConstruct
    void checkFieldUpdates() {
        validator = validators
                .usingContext()
                .addValueExtractor(new FieldUpdateValues())
                .traversableResolver(EVERYTHING_REACHABLE)
                .getValidator();
    }

    /**
     * Request input is plain records, never JPA entities: the default resolver asked JPA whether
     * each property of each element was loaded, a fifth of what creating a zone of 1,000 records
     * allocated.
     */
    private static final TraversableResolver EVERYTHING_REACHABLE = new TraversableResolver() {
        @Override
        public boolean isReachable(
                Object bean, Path.Node property, Class<?> rootBean, Path pathToProperty, ElementType type) {
            return true;
        }

        @Override
        public boolean isCascadable(
                Object bean, Path.Node property, Class<?> rootBean, Path pathToProperty, ElementType type) {
            return true;
        }
    };

    /** Bean Validation as binding applies it (FieldUpdate values included), for input a service builds itself. */
    public <T> java.util.Set<ConstraintViolation<T>> validate(T input) {
        return validator.validate(input);
    }

    /** Bound input and the violations found while binding, for services that add checks of their own. */
    public record Bound<R>(R value, Violations violations) {}

    /** Binds the parameters, or throws 422 listing every violation. */
    public <R extends Record> R bind(Parameters parameters, Class<R> type) {
        Bound<R> bound = bindWithViolations(parameters, type);
        bound.violations().throwIfAny();
        return bound.value();
    }

    /**
     * Binds without throwing: the service checks what only it can (names, references, record
     * data) and reports those violations together with these, so the client sees every one at once.
     * Components that could not be converted are null.
     */
    public <R extends Record> Bound<R> bindWithViolations(Parameters parameters, Class<R> type) {
        Violations violations = new Violations(new FieldOrder(type, parameters.values()));
        parameters.markBound();
        R bound = bindRecord(type, parameters.values(), violations, parameters);
        if (bound != null) {
            // A field that could not even be converted is reported once, not again as "required".
            Set<String> reported =
                    violations.messages().stream().map(Message::field).collect(Collectors.toSet());
            for (Found found : oneForEachField(type, validator.validate(bound))) {
                if (reported.add(found.field())) {
                    violations.at(found.field()).add(found.code(), found.text());
                }
            }
        }
        return new Bound<>(bound, violations);
    }

    /** A Bean Validation violation as the envelope reports it. */
    private record Found(String field, MessageCode code, String text) {}

    /**
     * One violation for each field, the same one every time (the validator's set has no order):
     * a missing field is only missing, a too long one only too long (its pattern's length bound
     * says the same again), else the first by code and text.
     */
    private static <R> List<Found> oneForEachField(Class<R> type, Set<ConstraintViolation<R>> violations) {
        return violations.stream()
                .map(v -> new Found(wirePath(type, v.getPropertyPath()), codeOf(v), v.getMessage()))
                .sorted(Comparator.comparing(Found::field)
                        .thenComparingInt(f -> precedence(f.code()))
                        .thenComparingInt(f -> f.code().code())
                        .thenComparing(Found::text))
                .toList();
    }

    private static int precedence(MessageCode code) {
        // a code is an interface since the areas own theirs: no switch over it in Java 17
        if (code == CommonMessages.FIELD_REQUIRED) {
            return 0;
        }
        return code == CommonMessages.FIELD_TOO_LONG ? 1 : 2;
    }

    /**
     * What binding needs of a record class, read by reflection once: reading the components and
     * parsing their annotations at every request was a twentieth of a zone show's CPU.
     */
    private record Shape(
            RecordComponent[] components,
            Param[] params,
            String[] wireNames,
            List<List<String>> names,
            Constructor<?> constructor) {

        private static final ClassValue<Shape> OF = new ClassValue<>() {
            @Override
            protected Shape computeValue(Class<?> type) {
                RecordComponent[] components = type.getRecordComponents();
                Param[] params = new Param[components.length];
                String[] wireNames = new String[components.length];
                List<List<String>> names = new ArrayList<>();
                for (int i = 0; i < components.length; i++) {
                    params[i] = components[i].getAnnotation(Param.class);
                    wireNames[i] = wireName(components[i]);
                    List<String> all = new ArrayList<>();
                    all.add(wireNames[i]);
                    if (params[i] != null) {
                        all.addAll(Arrays.asList(params[i].aliases()));
                    }
                    names.add(List.copyOf(all));
                }
                try {
                    Constructor<?> constructor = type.getDeclaredConstructor(Arrays.stream(components)
                            .map(RecordComponent::getType)
                            .toArray(Class<?>[]::new));
                    constructor.setAccessible(true);
                    return new Shape(components, params, wireNames, List.copyOf(names), constructor);
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException("Cannot bind " + type.getName(), e);
                }
            }
        };
    }

    private <R extends Record> R bindRecord(
            Class<R> type, Map<String, Object> values, Violations at, Parameters parameters) {
        String prefix = at.path().isEmpty() ? "" : at.path() + ".";
        Shape shape = Shape.OF.get(type);
        RecordComponent[] components = shape.components();
        Object[] arguments = new Object[components.length];
        Set<String> known = prefix.isEmpty() ? null : new java.util.HashSet<>();
        for (int i = 0; i < components.length; i++) {
            RecordComponent component = components[i];
            List<String> names = shape.names().get(i);
            Param param = shape.params()[i];
            if (known != null) {
                known.addAll(names);
            }
            String present = null;
            for (String name : names) {
                if (prefix.isEmpty()) {
                    parameters.markRead(name);
                }
                if (present == null && values.containsKey(name)) {
                    present = name;
                } else if (values.containsKey(name)) {
                    // The first name given wins; the client must learn that its other one was not read.
                    parameters.warn(Message.about(
                            CommonMessages.PARAMETER_IGNORED,
                            prefix + name,
                            "ignored, " + prefix + present + " is used"));
                }
            }
            if (present == null || (param != null && param.ignored())) {
                continue;
            }
            Object raw = values.get(present);
            if (param != null && param.keepEmpty() && "".equals(raw)) {
                arguments[i] = "";
                continue;
            }
            if (param != null && param.lines() && raw instanceof String text) {
                if (ControlCharacters.containsAny(
                        LINE_BREAKS_AND_TABS.matcher(text).replaceAll(" "))) {
                    at.at(shape.wireNames()[i])
                            .add(
                                    CommonMessages.FIELD_INVALID,
                                    "must not contain control characters but line breaks and tabs");
                } else {
                    arguments[i] = text.isEmpty() ? null : text;
                }
                continue;
            }
            arguments[i] = convert(raw, component.getGenericType(), at.at(shape.wireNames()[i]), parameters);
        }
        if (known != null) {
            for (String key : values.keySet()) {
                if (!known.contains(key)) {
                    String path = prefix + key;
                    parameters.warn(Message.forField(
                            CommonMessages.UNKNOWN_PARAMETER, path, "Unknown parameter ignored: " + path));
                }
            }
        }
        for (int i = 0; i < arguments.length; i++) {
            if (arguments[i] == null && components[i].getType() == FieldUpdate.class) {
                arguments[i] = FieldUpdate.absent();
            } else if (arguments[i] == null && components[i].getType().isPrimitive()) {
                arguments[i] = components[i].getType() == boolean.class ? Boolean.FALSE : 0;
            }
        }
        try {
            return type.cast(shape.constructor().newInstance(arguments));
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new IllegalStateException(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("Cannot bind " + type.getName(), e);
        }
    }

    /** Converts one raw value; a value of the wrong shape adds a violation and yields null (treated as absent). */
    private Object convert(Object raw, Type type, Violations at, Parameters parameters) {
        Class<?> raw_type = rawClass(type);
        if (raw_type == FieldUpdate.class) {
            if (raw == null) {
                return FieldUpdate.cleared();
            }
            Object inner = raw instanceof String s && s.isEmpty() ? null : convert(raw, argument(type), at, parameters);
            return inner == null ? FieldUpdate.absent() : FieldUpdate.to(inner);
        }
        if (raw == null || (raw instanceof String s && s.isEmpty() && raw_type != String.class)) {
            return null;
        }
        if (raw_type == String.class) {
            String text = text(raw, at);
            return text == null || text.isEmpty() ? null : text;
        }
        if (raw_type == Integer.class || raw_type == int.class || raw_type == Long.class || raw_type == long.class) {
            Long number = integer(raw, at);
            if (number == null) {
                return null;
            }
            if (raw_type == Long.class || raw_type == long.class) {
                return number;
            }
            if (number > Integer.MAX_VALUE || number < Integer.MIN_VALUE) {
                at.add(CommonMessages.FIELD_OUT_OF_RANGE, "is out of range");
                return null;
            }
            return number.intValue();
        }
        if (raw_type == Boolean.class || raw_type == boolean.class) {
            return bool(raw, at);
        }
        if (raw_type.isEnum()) {
            return enumValue(raw_type, raw, at);
        }
        if (raw_type == LocalDate.class) {
            String text = text(raw, at);
            return text == null ? null : date(text, at);
        }
        if (raw_type == LocalDateTime.class) {
            String text = text(raw, at);
            return text == null ? null : dateTime(text, at);
        }
        if (raw_type == List.class) {
            List<Object> elements = list(raw, at);
            if (elements == null) {
                return null;
            }
            Type elementType = argument(type);
            List<Object> result = new ArrayList<>();
            for (int i = 0; i < elements.size(); i++) {
                Object element = elements.get(i);
                Object converted = convert(element, elementType, at.at(i), parameters);
                result.add(converted);
            }
            return result;
        }
        if (raw_type.isRecord()) {
            if (!(raw instanceof Map<?, ?> map)) {
                at.add(CommonMessages.FIELD_INVALID, "must be an object");
                return null;
            }
            @SuppressWarnings({"unchecked", "rawtypes"})
            Object nested = bindRecord((Class) raw_type, (Map<String, Object>) map, at, parameters);
            return nested;
        }
        throw new IllegalStateException("Unsupported parameter type " + type + " at " + at.path());
    }

    private static String text(Object raw, Violations at) {
        String text;
        if (raw instanceof String s) {
            text = s;
        } else if (raw instanceof BigDecimal number) {
            text = plain(number);
            if (text == null) {
                at.add(CommonMessages.FIELD_INVALID, "must be text");
                return null;
            }
        } else if (raw instanceof Boolean b) {
            text = b.toString();
        } else {
            at.add(CommonMessages.FIELD_INVALID, "must be text");
            return null;
        }
        if (ControlCharacters.containsAny(text)) {
            at.add(CommonMessages.FIELD_INVALID, "must not contain control characters");
            return null;
        }
        return text;
    }

    /**
     * A JSON number written out in full, or null when that would be absurdly long: {@code 1e999999999}
     * is a few bytes on the wire and a billion digits in plain form.
     */
    private static String plain(BigDecimal number) {
        long digits = (long) number.precision() + Math.abs((long) number.scale());
        return digits > 100 ? null : number.toPlainString();
    }

    private static Long integer(Object raw, Violations at) {
        try {
            if (raw instanceof BigDecimal number) {
                return number.longValueExact();
            }
            if (raw instanceof String s && INTEGER.matcher(s).matches()) {
                return Long.parseLong(s);
            }
        } catch (ArithmeticException e) {
            // not a whole number in range: reported below
        }
        at.add(CommonMessages.FIELD_INVALID, "must be an integer");
        return null;
    }

    private static Boolean bool(Object raw, Violations at) {
        if (raw instanceof Boolean b) {
            return b;
        }
        String text = raw instanceof BigDecimal n
                ? Objects.requireNonNullElse(plain(n), "")
                : raw instanceof String s ? s.toLowerCase(Locale.ROOT) : "";
        switch (text) {
            case "true", "1":
                return Boolean.TRUE;
            case "false", "0":
                return Boolean.FALSE;
            default:
                at.add(CommonMessages.FIELD_INVALID, "must be true or false");
                return null;
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object enumValue(Class<?> type, Object raw, Violations at) {
        if (raw instanceof String s) {
            for (Object constant : type.getEnumConstants()) {
                if (((Enum) constant).name().equals(s)) {
                    return constant;
                }
            }
        }
        String allowed = Arrays.stream(type.getEnumConstants())
                .map(c -> ((Enum) c).name())
                .collect(Collectors.joining(", "));
        at.add(CommonMessages.FIELD_INVALID, "must be one of " + allowed);
        return null;
    }

    /** Clients that format every date as a timestamp send a date of birth as {@code yyyy-MM-dd 00:00:00}: that date. */
    private static final String MIDNIGHT = " 00:00:00";

    private static LocalDate date(String text, Violations at) {
        try {
            return LocalDate.parse(
                    text.length() == 10 + MIDNIGHT.length() && text.endsWith(MIDNIGHT) ? text.substring(0, 10) : text,
                    JsonFields.DATE);
        } catch (DateTimeParseException e) {
            at.add(CommonMessages.FIELD_INVALID, "must be a date YYYY-MM-DD");
            return null;
        }
    }

    private static LocalDateTime dateTime(String text, Violations at) {
        try {
            return text.length() == 10
                    ? LocalDate.parse(text, JsonFields.DATE).atStartOfDay()
                    : LocalDateTime.parse(text, JsonFields.DATE_TIME);
        } catch (DateTimeParseException e) {
            at.add(CommonMessages.FIELD_INVALID, "must be a time yyyy-MM-dd HH:mm:ss");
            return null;
        }
    }

    /** A JSON array, or a PHP-style map with index keys (ordered by index), is a list. */
    @SuppressWarnings("unchecked")
    private static List<Object> list(Object raw, Violations at) {
        if (raw instanceof List<?> list) {
            return (List<Object>) list;
        }
        if (raw instanceof Map<?, ?> map
                && map.keySet().stream()
                        .allMatch(k -> LIST_INDEX.matcher((String) k).matches())) {
            Map<Integer, Object> ordered = new TreeMap<>();
            map.forEach((k, v) -> ordered.put(Integer.parseInt((String) k), v));
            return new ArrayList<>(ordered.values());
        }
        at.add(CommonMessages.FIELD_INVALID, "must be a list");
        return null;
    }

    /** Every name a component is read under: its wire name, then its aliases. */
    public static List<String> names(RecordComponent component) {
        return Shape.OF.get(component.getDeclaringRecord()).names().get(indexOf(component));
    }

    private static int indexOf(RecordComponent component) {
        RecordComponent[] all = Shape.OF.get(component.getDeclaringRecord()).components();
        for (int i = 0; i < all.length; i++) {
            if (all[i].getName().equals(component.getName())) {
                return i;
            }
        }
        throw new IllegalArgumentException(component.getName());
    }

    /** The name a component has on the wire: its own, unless {@link Param#value()} names another. */
    private static String wireName(RecordComponent component) {
        Param param = component.getAnnotation(Param.class);
        return param == null || param.value().isEmpty() ? component.getName() : param.value();
    }

    /**
     * A Bean Validation path as the wire names the field ({@code records[2].ttl}): components by their
     * wire names, container element nodes ({@code <list element>}) left out.
     */
    static String wirePath(Class<?> root, Path path) {
        StringBuilder field = new StringBuilder();
        Class<?> current = root;
        for (Path.Node node : path) {
            if (node.isInIterable() && node.getIndex() != null) {
                field.append('[').append(node.getIndex()).append(']');
            }
            if (node.getKind() != ElementKind.PROPERTY) {
                continue;
            }
            RecordComponent component = current == null || !current.isRecord()
                    ? null
                    : Arrays.stream(current.getRecordComponents())
                            .filter(c -> c.getName().equals(node.getName()))
                            .findFirst()
                            .orElse(null);
            field.append(field.length() == 0 ? "" : ".")
                    .append(component == null ? node.getName() : wireName(component));
            current = component == null ? null : elementClass(component.getGenericType());
        }
        return field.toString();
    }

    /** The class a path continues in below a component: a list's or an update's element, else the component's own. */
    private static Class<?> elementClass(Type type) {
        Class<?> raw = rawClass(type);
        return raw == List.class || raw == FieldUpdate.class ? rawClass(argument(type)) : raw;
    }

    private static Class<?> rawClass(Type type) {
        if (type instanceof Class<?> c) {
            return c;
        }
        if (type instanceof ParameterizedType p) {
            return (Class<?>) p.getRawType();
        }
        throw new IllegalStateException("Unsupported parameter type " + type);
    }

    private static Type argument(Type type) {
        Type argument = ((ParameterizedType) type).getActualTypeArguments()[0];
        return argument instanceof java.lang.reflect.AnnotatedType a ? a.getType() : argument;
    }

    private static MessageCode codeOf(ConstraintViolation<?> violation) {
        Class<? extends Annotation> constraint =
                violation.getConstraintDescriptor().getAnnotation().annotationType();
        if (constraint == NotNull.class || constraint == NotBlank.class || constraint == NotEmpty.class) {
            return CommonMessages.FIELD_REQUIRED;
        }
        if (constraint == Min.class || constraint == Max.class) {
            return CommonMessages.FIELD_OUT_OF_RANGE;
        }
        if (constraint == Size.class) {
            return CommonMessages.FIELD_TOO_LONG;
        }
        Object code = violation.getConstraintDescriptor().getAttributes().get("code");
        return code instanceof MessageCode c ? c : CommonMessages.FIELD_INVALID;
    }
}
