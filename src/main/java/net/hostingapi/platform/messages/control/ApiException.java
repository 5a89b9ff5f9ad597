package net.hostingapi.platform.messages.control;

import jakarta.ejb.ApplicationException;
import java.util.List;
import java.util.Map;

/**
 * A failure the caller is told about: an HTTP status and the messages for the envelope.
 * Thrown from resources and EJB services alike; as an application exception it reaches the
 * mapper unwrapped and rolls the transaction back, so nothing of a refused request is stored.
 */
@ApplicationException(rollback = true)
public class ApiException extends RuntimeException {

    private final int status;
    private final List<Message> errors;
    private final Map<String, String> headers;

    public ApiException(int status, List<Message> errors, Map<String, String> headers) {
        super(errors.isEmpty() ? "status " + status : errors.get(0).text(), null, false, false);
        this.status = status;
        this.errors = List.copyOf(errors);
        this.headers = Map.copyOf(headers);
    }

    public ApiException(int status, Message error) {
        this(status, List.of(error), Map.of());
    }

    public ApiException(int status, MessageCode code) {
        this(status, Message.of(code));
    }

    public ApiException(int status, MessageCode code, String text) {
        this(status, Message.of(code, text));
    }

    public int status() {
        return status;
    }

    public List<Message> errors() {
        return errors;
    }

    public Map<String, String> headers() {
        return headers;
    }

    public static ApiException notFound(String what) {
        return new ApiException(404, CommonMessages.NOT_FOUND, what + " not found");
    }

    public static ApiException forbidden(MessageCode code, String text) {
        return new ApiException(403, code, text);
    }

    public static ApiException conflict(MessageCode code, String text) {
        return new ApiException(409, code, text);
    }

    public static ApiException badRequest(MessageCode code, String text) {
        return new ApiException(400, code, text);
    }

    /** 422 with one violated field; the text names the field first. */
    public static ApiException invalid(String field, MessageCode code, String detail) {
        return new ApiException(422, List.of(Message.about(code, field, detail)), Map.of());
    }

    /** 422 listing every violated field. */
    public static ApiException invalid(Violations violations) {
        return new ApiException(422, violations.messages(), Map.of());
    }

    public static ApiException tooManyRequests(MessageCode code, long retryAfterSeconds) {
        return new ApiException(
                429, List.of(Message.of(code)), Map.of("Retry-After", Long.toString(Math.max(1, retryAfterSeconds))));
    }

    public static ApiException unavailable(String text, long retryAfterSeconds) {
        return new ApiException(
                503,
                List.of(Message.of(CommonMessages.DEPENDENCY_UNAVAILABLE, text)),
                Map.of("Retry-After", Long.toString(Math.max(1, retryAfterSeconds))));
    }
}
