package net.hostingapi.platform.envelope.boundary;

import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.StreamingOutput;
import jakarta.ws.rs.ext.Provider;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import net.hostingapi.platform.json.control.JsonFields;
import net.hostingapi.platform.json.control.JsonText;
import net.hostingapi.platform.logging.boundary.RequestLog;
import net.hostingapi.platform.messages.control.ApiException;
import net.hostingapi.platform.messages.control.Message;
import net.hostingapi.platform.messages.control.MessageCode;
import net.hostingapi.platform.parameters.boundary.RequestParameters;
import net.hostingapi.platform.parameters.control.Parameters;
import net.hostingapi.platform.requests.boundary.RequestIds;
import net.hostingapi.platform.requests.boundary.RequestStart;
import net.hostingapi.platform.requests.boundary.ServletRequests;
import net.hostingapi.platform.validation.control.ControlCharacters;

/**
 * The one place the envelope is written (api.md, The envelope): every {@link Reply}, success or
 * error, becomes {@code {metadata, status, messages, data}}; every answer carries
 * {@code X-Request-Id}, and every request leaves one log line with that id.
 */
@Provider
@Priority(1)
public class EnvelopeFilter implements ContainerResponseFilter {

    public static final MediaType JSON_UTF8 = MediaType.APPLICATION_JSON_TYPE.withCharset("utf-8");
    /** Spelled as the contract spells it (JAX-RS would write it without the space). */
    public static final String JSON_CONTENT_TYPE = "application/json; charset=utf-8";

    private static final String NULL_DATA = "\"data\":null}";
    /** Operations by resource method, as the request metrics name them ({@code POST /api/v1/dns/zones/create}). */
    private static final Map<Method, String> OPERATIONS = new ConcurrentHashMap<>();

    @Context
    HttpServletRequest servletRequest;

    @Context
    ResourceInfo resource;

    @Inject
    RequestLog requestLog;

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        HttpServletRequest servlet = ServletRequests.of(request, servletRequest);
        String requestId = RequestIds.of(servlet);
        String rawPath = request.getUriInfo().getRequestUri().getRawPath();
        response.getHeaders().putSingle("X-Request-Id", requestId);
        if ("OPTIONS".equals(request.getMethod())
                && response.getStatus() == 200
                && !(response.getEntity() instanceof Reply)) {
            // Jersey's own OPTIONS answer: the Allow header is the answer. Its body (a method list
            // for text/plain) and a Content-Type taken from Accept are not ours to send.
            response.setStatus(204);
            response.setEntity(null);
            response.getHeaders().remove("Content-Type");
            response.getHeaders().remove("Content-Length");
        }
        MessageCode refusal = null;
        if (response.getEntity() instanceof Reply reply && reply.isNotModified()) {
            response.setStatus(304);
            reply.headers().forEach(response.getHeaders()::putSingle);
            response.setEntity(null);
            response.getHeaders().remove("Content-Type");
            response.getHeaders().remove("Content-Length");
        } else if (response.getEntity() instanceof Reply reply) {
            refusal = firstError(reply);
            response.setStatus(reply.status());
            reply.headers().forEach(response.getHeaders()::putSingle);
            Parameters parameters = parametersOrNull(servlet);
            if (parameters != null && parameters.isBound() && reply.status() != 400) {
                reply.warnAll(parameters.unknownParameterWarnings());
            }
            JsonText body = envelope(reply, requestId, clientTransactionId(request, parameters));
            // Its pieces straight to the stream, with their length when it is known: never a String
            // (Jersey's String writer encodes through a StreamEncoder, which took a sixth of a zone
            // show's time, JFR), nor one array the size of the whole answer.
            response.setEntity(
                    written(body, request.getMethod(), rawPath, requestId), response.getEntityAnnotations(), JSON_UTF8);
            if (body.length() != JsonText.UNKNOWN_LENGTH) {
                response.getHeaders().putSingle("Content-Length", Integer.toString(body.length()));
            }
            response.getHeaders().putSingle("Content-Type", JSON_CONTENT_TYPE);
        }
        long micros = RequestStart.microsSince(request);
        Method method = resource.getResourceMethod();
        requestLog.record(
                servlet,
                request.getMethod(),
                rawPath,
                method == null
                        ? UNMATCHED
                        : OPERATIONS.computeIfAbsent(
                                method, m -> operation(request.getMethod(), resource.getResourceClass(), m)),
                response.getStatus(),
                micros,
                requestId,
                refusal);
    }

    /**
     * The envelope of a refusal for requests that JAX-RS does not answer (see {@code EdgeFilter} and
     * {@code ErrorPageServlet}): written to the servlet response directly, with the request's id
     * and its log line.
     */
    public static void writeError(
            HttpServletRequest request,
            HttpServletResponse response,
            String rawPath,
            ApiException failure,
            RequestLog requestLog)
            throws IOException {
        String requestId = RequestIds.of(request);
        JsonText body = envelope(
                Reply.error(failure),
                requestId,
                clientTransactionId(null, request.getHeader("X-Client-Transaction-Id")));
        response.resetBuffer();
        response.setStatus(failure.status());
        failure.headers().forEach(response::setHeader);
        response.setHeader("X-Request-Id", requestId);
        response.setContentType(JSON_CONTENT_TYPE);
        response.setContentLength(body.length());
        body.writeTo(response.getOutputStream());
        response.flushBuffer();
        requestLog.record(
                request,
                request.getMethod(),
                rawPath,
                UNMATCHED,
                failure.status(),
                -1,
                requestId,
                failure.errors().isEmpty() ? null : failure.errors().get(0).code());
    }

    private static final String UNMATCHED = "unmatched";

    /** The operation of a resource method: its HTTP method and its path template under the application's path. */
    static String operation(String httpMethod, Class<?> resourceClass, Method method) {
        Path classPath = resourceClass.getAnnotation(Path.class);
        Path methodPath = method.getAnnotation(Path.class);
        return httpMethod + " /api/v1" + segment(classPath) + segment(methodPath);
    }

    private static String segment(Path path) {
        if (path == null || path.value().isEmpty() || "/".equals(path.value())) {
            return "";
        }
        return path.value().startsWith("/") ? path.value() : "/" + path.value();
    }

    private static MessageCode firstError(Reply reply) {
        return reply.errors().isEmpty() ? null : reply.errors().get(0).code();
    }

    private static Parameters parametersOrNull(HttpServletRequest servlet) {
        try {
            return RequestParameters.of(servlet);
        } catch (ApiException | IllegalStateException e) {
            return null;
        }
    }

    private static String clientTransactionId(ContainerRequestContext request, Parameters parameters) {
        Object value = parameters == null ? null : parameters.values().get("clientTransactionId");
        return clientTransactionId(value, request.getHeaderString("X-Client-Transaction-Id"));
    }

    private static String clientTransactionId(Object parameter, String header) {
        String id = parameter instanceof String s && !s.isEmpty() ? s : header;
        return id == null || id.length() > 200 || ControlCharacters.containsAny(id) ? null : id;
    }

    /** The envelope as sent, as one string (tests). */
    static String envelopeText(Reply reply, String requestId, String clientTransactionId) {
        return envelope(reply, requestId, clientTransactionId).json();
    }

    /**
     * The envelope as sent. Written-out data goes in as it is: {@code data} is the envelope's
     * last member, so the envelope is written with null data and the text takes that null's place.
     */
    static JsonText envelope(Reply reply, String requestId, String clientTransactionId) {
        String envelope = envelopeObject(reply, requestId, clientTransactionId).toString();
        if (!reply.isSuccess() || reply.dataText() == null) {
            return JsonText.of(envelope);
        }
        if (!envelope.endsWith(NULL_DATA)) {
            throw new IllegalStateException("The envelope does not end with its data");
        }
        return JsonText.join(
                JsonText.of(envelope.substring(0, envelope.length() - NULL_DATA.length()) + "\"data\":"),
                reply.dataText(),
                JsonText.CLOSE_OBJECT);
    }

    /** Written in pieces of at most this many bytes: the record texts of a zone are a hundred bytes each. */
    private static final int WRITE_BUFFER = 1 << 15;

    /**
     * The answer's body. With a payload written while it is sent (see {@link JsonText#streamed}), the
     * status and headers go first: a failure while the payload is written can only cut it short.
     */
    private StreamingOutput written(JsonText body, String method, String rawPath, String requestId) {
        return output -> {
            OutputStream out = new GatheringOutput(output, WRITE_BUFFERS.get());
            try {
                body.writeTo(out);
                out.flush();
            } catch (IOException e) {
                // Only the client's connection throws here: it is gone, nobody is left to answer, and
                // the service did not fail. Thrown on, Jersey logged it as SEVERE with its stack
                // trace, and when the answer was not yet under way it went on to Payara's error
                // page, which failed on the same connection (seen when a load client gave up).
                requestLog.cutShort(method, rawPath, requestId);
            }
        };
    }

    /**
     * The buffer of each thread that writes answers (the fixed pool of HTTP workers): one allocated
     * for every answer was a tenth of all that a show allocated, and so of the collections that
     * pause every request in flight.
     */
    private static final ThreadLocal<byte[]> WRITE_BUFFERS = ThreadLocal.withInitial(() -> new byte[WRITE_BUFFER]);

    /** Gathers small pieces into writes of up to a buffer's size; larger pieces go through as they are. */
    static final class GatheringOutput extends OutputStream {

        private final OutputStream out;
        private final byte[] buffer;
        private int count;

        GatheringOutput(OutputStream out, byte[] buffer) {
            this.out = out;
            this.buffer = buffer;
        }

        @Override
        public void write(int b) throws IOException {
            if (count == buffer.length) {
                drain();
            }
            buffer[count++] = (byte) b;
        }

        @Override
        public void write(byte[] bytes, int offset, int length) throws IOException {
            if (length > buffer.length - count) {
                drain();
                if (length >= buffer.length) {
                    out.write(bytes, offset, length);
                    return;
                }
            }
            System.arraycopy(bytes, offset, buffer, count, length);
            count += length;
        }

        @Override
        public void flush() throws IOException {
            drain();
            out.flush();
        }

        private void drain() throws IOException {
            if (count > 0) {
                out.write(buffer, 0, count);
                count = 0;
            }
        }
    }

    static JsonObject envelopeObject(Reply reply, String requestId, String clientTransactionId) {
        return JsonFields.JSON
                .createObjectBuilder()
                .add(
                        "metadata",
                        JsonFields.JSON
                                .createObjectBuilder()
                                .add(
                                        "clientTransactionId",
                                        clientTransactionId == null
                                                ? JsonValue.NULL
                                                : JsonFields.JSON.createValue(clientTransactionId))
                                .add("serverTransactionId", requestId))
                .add("status", reply.isSuccess() ? "success" : "error")
                .add(
                        "messages",
                        JsonFields.JSON
                                .createObjectBuilder()
                                .add("errors", messages(reply.errors()))
                                .add("warnings", messages(reply.warnings()))
                                .add("success", messages(reply.success())))
                .add("data", reply.isSuccess() && reply.data() != null ? reply.data() : JsonValue.NULL)
                .build();
    }

    private static JsonArrayBuilder messages(List<Message> messages) {
        JsonArrayBuilder array = JsonFields.JSON.createArrayBuilder();
        for (Message message : messages) {
            var entry = JsonFields.JSON
                    .createObjectBuilder()
                    .add("code", message.code().code())
                    .add("message", message.text());
            if (message.field() != null) {
                entry.add("field", message.field());
            }
            array.add(entry);
        }
        return array;
    }
}
