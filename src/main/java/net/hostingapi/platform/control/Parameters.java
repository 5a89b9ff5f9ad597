package net.hostingapi.platform.control;

import jakarta.servlet.http.HttpServletRequest;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The merged parameters of one request: query string first, then the body (the body wins).
 * Values are {@code String}, {@code BigDecimal}, {@code Boolean}, {@code null} (JSON null),
 * {@code List} (JSON arrays) or {@code Map} (JSON objects and PHP-style bracket forms).
 * Parsed once per request, by whoever asks first (the authentication mechanism looking for
 * {@code authToken}, or the binder), and kept as a request attribute.
 */
public final class Parameters {

    /** Parameters every operation understands; never reported as unknown. */
    public static final Set<String> RESERVED = Set.of("authToken", "clientTransactionId");

    private static final String ATTRIBUTE = Parameters.class.getName();

    private final Map<String, Object> values;
    private final Set<String> read = ConcurrentHashMap.newKeySet();
    private final List<Message> warnings = Collections.synchronizedList(new ArrayList<>());
    private volatile boolean bound;

    Parameters(Map<String, Object> values) {
        this.values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    /**
     * The request's parameters, as read by {@link #read}; throws the contract's 400/413/415 when
     * the body could not be read.
     */
    public static Parameters of(HttpServletRequest request) {
        Object cached = request.getAttribute(ATTRIBUTE);
        if (cached == null) {
            throw new IllegalStateException("The request's parameters were not read");
        }
        if (cached instanceof ApiException e) {
            throw e;
        }
        return (Parameters) cached;
    }

    /**
     * Reads the request's parameters from the query string and {@code body} (which the caller
     * must hand on to whoever reads the body next), once per request.
     *
     * @return the body's bytes, or null when the parameters had been read already
     */
    public static byte[] read(HttpServletRequest request, long declaredLength, InputStream body) {
        if (request.getAttribute(ATTRIBUTE) != null) {
            return null;
        }
        byte[] bytes = new byte[0];
        try {
            bytes = ParameterParser.readBody(declaredLength, body);
            request.setAttribute(ATTRIBUTE, ParameterParser.parse(request, bytes));
        } catch (ApiException e) {
            request.setAttribute(ATTRIBUTE, e);
        }
        return bytes;
    }

    /** Parameters from raw request parts, as {@link #of(HttpServletRequest)} reads them (also for callers without a request). */
    public static Parameters parse(String query, String contentType, byte[] body) {
        return ParameterParser.parse(query, contentType, body);
    }

    /** A single top-level text parameter, without marking the request as bound (for authentication). */
    public static String peekText(HttpServletRequest request, String name) {
        try {
            Object value = of(request).values.get(name);
            return value instanceof String s && !s.isEmpty() ? s : null;
        } catch (ApiException | IllegalStateException e) {
            return null;
        }
    }

    public Map<String, Object> values() {
        return values;
    }

    void markRead(String key) {
        read.add(key);
        bound = true;
    }

    /** Binding a record without components reads nothing, yet every parameter sent is then unknown. */
    void markBound() {
        bound = true;
    }

    void warn(Message message) {
        warnings.add(message);
    }

    /** True once an operation has read its parameters; only then are unread ones worth a warning. */
    public boolean isBound() {
        return bound;
    }

    /** One warning for each parameter the operation did not read, then the nested ones the binder found. */
    public List<Message> unknownParameterWarnings() {
        List<Message> result = new ArrayList<>();
        for (String key : values.keySet()) {
            if (!read.contains(key) && !RESERVED.contains(key)) {
                result.add(Message.forField(MessageCode.UNKNOWN_PARAMETER, key, "Unknown parameter ignored: " + key));
            }
        }
        result.addAll(warnings);
        return result;
    }
}
