package net.hostingapi.platform.parameters.control;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import net.hostingapi.platform.messages.control.CommonMessages;
import net.hostingapi.platform.messages.control.Message;

/**
 * The merged parameters of one request: query string first, then the body (the body wins).
 * Values are {@code String}, {@code BigDecimal}, {@code Boolean}, {@code null} (JSON null),
 * {@code List} (JSON arrays) or {@code Map} (JSON objects and PHP-style bracket forms).
 * How they are read from a request, once per request, is {@code RequestParameters}' business.
 */
public final class Parameters {

    /** Parameters every operation understands; never reported as unknown. */
    public static final Set<String> RESERVED = Set.of("authToken", "clientTransactionId");

    private final Map<String, Object> values;
    private final Set<String> read = ConcurrentHashMap.newKeySet();
    private final List<Message> warnings = Collections.synchronizedList(new ArrayList<>());
    private volatile boolean bound;

    Parameters(Map<String, Object> values) {
        this.values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    /**
     * Reads a body of at most {@code MAX_BODY_BYTES} (api.md, Limits) from {@code body};
     * throws the contract's 400 or 413 when it cannot.
     */
    public static byte[] readBody(long declaredLength, InputStream body) {
        return ParameterParser.readBody(declaredLength, body);
    }

    /** Parameters from raw request parts: the query string, the Content-Type and the body's bytes. */
    public static Parameters parse(String query, String contentType, byte[] body) {
        return ParameterParser.parse(query, contentType, body);
    }

    /** A single top-level text parameter, without marking the parameters as bound (for authentication). */
    public String peekText(String name) {
        Object value = values.get(name);
        return value instanceof String s && !s.isEmpty() ? s : null;
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
                result.add(
                        Message.forField(CommonMessages.UNKNOWN_PARAMETER, key, "Unknown parameter ignored: " + key));
            }
        }
        result.addAll(warnings);
        return result;
    }
}
