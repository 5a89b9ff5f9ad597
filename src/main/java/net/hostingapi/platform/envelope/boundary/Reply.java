package net.hostingapi.platform.envelope.boundary;

import jakarta.json.JsonValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.hostingapi.platform.json.control.JsonFields;
import net.hostingapi.platform.json.control.JsonText;
import net.hostingapi.platform.json.control.StreamedJson;
import net.hostingapi.platform.messages.control.ApiException;
import net.hostingapi.platform.messages.control.Message;
import net.hostingapi.platform.messages.control.MessageCode;

/**
 * What a resource or the error mapper answers; {@code EnvelopeFilter} turns it into the
 * contract's envelope. {@code name} is the member of {@code data} the payload is filed under
 * ({@code "zone"}, {@code "tokens"}, ...); payloads with several members pass a JSON object as
 * {@code data} and a null name.
 */
public final class Reply {

    private final int status;
    private final JsonValue data;
    /** The data as written-out JSON instead of {@link #data}, when the payload came rendered or streamed. */
    private JsonText dataText;

    private final List<Message> success = new ArrayList<>();
    private final List<Message> warnings = new ArrayList<>();
    private final List<Message> errors = new ArrayList<>();
    private final Map<String, String> headers;

    private Reply(int status, JsonValue data, Map<String, String> headers) {
        this.status = status;
        this.data = data;
        this.headers = new java.util.LinkedHashMap<>(headers);
    }

    public static Reply ok(MessageCode code, String name, JsonValue payload) {
        return withStatus(200, code, name, payload);
    }

    public static Reply created(MessageCode code, String name, JsonValue payload) {
        return withStatus(201, code, name, payload);
    }

    /** A success whose payload is already written out (see {@link JsonText}). */
    public static Reply ok(MessageCode code, String name, JsonText payload) {
        return withStatus(200, code, name, payload);
    }

    public static Reply created(MessageCode code, String name, JsonText payload) {
        return withStatus(201, code, name, payload);
    }

    private static Reply withStatus(int status, MessageCode code, String name, JsonText payload) {
        Reply reply = new Reply(status, null, Map.of());
        reply.dataText = JsonText.join(
                JsonText.of("{" + JsonFields.JSON.createValue(name) + ":"), payload, JsonText.CLOSE_OBJECT);
        reply.success.add(Message.of(code));
        return reply;
    }

    /**
     * A success whose payload is written while the answer is sent (see {@link StreamedJson}): the
     * envelope is written around it, whatever its size.
     */
    public static Reply ok(MessageCode code, String name, StreamedJson payload) {
        return withStatus(200, code, name, JsonText.streamed(payload));
    }

    /** Adds a member to the data of a reply whose payload came written out (see {@link JsonText}). */
    public Reply and(String name, JsonValue value) {
        dataText = dataText.withLastMember(JsonText.of("," + JsonFields.JSON.createValue(name) + ":" + value));
        return this;
    }

    /** A success whose data holds several named members. */
    public static Reply ok(MessageCode code, jakarta.json.JsonObject data) {
        Reply reply = new Reply(200, data, Map.of());
        reply.success.add(Message.of(code));
        return reply;
    }

    public static Reply created(MessageCode code, jakarta.json.JsonObject data) {
        Reply reply = new Reply(201, data, Map.of());
        reply.success.add(Message.of(code));
        return reply;
    }

    private static Reply withStatus(int status, MessageCode code, String name, JsonValue payload) {
        Reply reply = new Reply(
                status, JsonFields.JSON.createObjectBuilder().add(name, payload).build(), Map.of());
        reply.success.add(Message.of(code));
        return reply;
    }

    /**
     * 304 Not Modified to a show whose If-None-Match names the current tag: no body at all (RFC
     * 9110, 15.4.5), only the tag; {@code EnvelopeFilter} writes no envelope for it.
     */
    public static Reply notModified(String etag) {
        return new Reply(304, null, Map.of("ETag", etag));
    }

    /** The entity tag of the object answered (api.md, Conditional requests); null: none. */
    public Reply tagged(String etag) {
        if (etag != null) {
            headers.put("ETag", etag);
        }
        return this;
    }

    public boolean isNotModified() {
        return status == 304;
    }

    public static Reply error(ApiException e) {
        Reply reply = new Reply(e.status(), null, e.headers());
        reply.errors.addAll(e.errors());
        return reply;
    }

    public Reply warn(Message warning) {
        warnings.add(warning);
        return this;
    }

    public Reply warnAll(List<Message> more) {
        warnings.addAll(more);
        return this;
    }

    public int status() {
        return status;
    }

    public boolean isSuccess() {
        return status < 400;
    }

    public JsonValue data() {
        return data;
    }

    public JsonText dataText() {
        return dataText;
    }

    public List<Message> success() {
        return success;
    }

    public List<Message> warnings() {
        return warnings;
    }

    public List<Message> errors() {
        return errors;
    }

    public Map<String, String> headers() {
        return headers;
    }
}
