package net.hostingapi.platform.openapi.boundary;

import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonWriter;
import jakarta.json.stream.JsonGenerator;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import net.hostingapi.platform.envelope.boundary.EnvelopeFilter;
import net.hostingapi.platform.logging.boundary.RequestLog;
import net.hostingapi.platform.messages.control.ApiException;

/**
 * {@code /openapi}: the document Payara builds from the code ({@link OpenApiDocument}), as YAML
 * ({@code application/yaml}, the default) or JSON ({@code application/json}, by {@code Accept} or
 * {@code ?format=json}). Payara's own endpoint writes YAML as {@code text/plain} and sits beside the
 * WAR, outside its filters; it is moved to {@value #SOURCE} (server-config/pre-boot-commands.asadmin)
 * and read from here once per format over the connector the request came in on: the document is
 * built once per deployment.
 */
@WebServlet(urlPatterns = "/openapi")
public class OpenApiServlet extends HttpServlet {

    @Inject
    RequestLog requestLog;

    static final String SOURCE = "/openapi-model";
    private static final String JSON = "application/json";

    private static final HttpClient CLIENT =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final Map<Boolean, byte[]> documents = new ConcurrentHashMap<>();

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        boolean json = wantsJson(request);
        byte[] document = documents.get(json);
        if (document == null) {
            document = fetch(request, json);
            if (document == null) {
                EnvelopeFilter.writeError(
                        request,
                        response,
                        request.getRequestURI(),
                        ApiException.unavailable("The OpenAPI document is not available", 5),
                        requestLog);
                return;
            }
            documents.put(json, document);
        }
        response.setStatus(200);
        response.setContentType((json ? JSON : "application/yaml") + "; charset=utf-8");
        response.setHeader("Vary", "Accept");
        response.setContentLength(document.length);
        response.getOutputStream().write(document);
    }

    /** {@code ?format=json|yaml} wins; else JSON when Accept names it and not YAML. */
    static boolean wantsJson(HttpServletRequest request) {
        String format = request.getParameter("format");
        if (format != null && !format.isBlank()) {
            return format.strip().equalsIgnoreCase("json");
        }
        String accept = request.getHeader("Accept");
        return accept != null && accept.contains(JSON) && !accept.contains("yaml");
    }

    /**
     * Payara writes a top-level {@code endpoints} member of its own (the URLs of the deployed
     * applications), which is no OpenAPI member: validators reject the document with it.
     */
    static byte[] withoutEndpoints(byte[] document, boolean json) {
        String text = new String(document, StandardCharsets.UTF_8);
        if (json) {
            JsonObject object = Json.createReader(new StringReader(text)).readObject();
            if (!object.containsKey("endpoints")) {
                return document;
            }
            StringWriter written = new StringWriter();
            try (JsonWriter writer = Json.createWriterFactory(Map.of(JsonGenerator.PRETTY_PRINTING, true))
                    .createWriter(written)) {
                writer.writeObject(
                        Json.createObjectBuilder(object).remove("endpoints").build());
            }
            return written.toString().strip().getBytes(StandardCharsets.UTF_8);
        }
        StringBuilder kept = new StringBuilder(text.length());
        boolean skipping = false;
        for (String line : text.split("\n", -1)) {
            boolean topLevel = !line.isEmpty() && !Character.isWhitespace(line.charAt(0));
            if (topLevel) {
                skipping = line.startsWith("endpoints:");
            }
            if (!skipping) {
                kept.append(line).append('\n');
            }
        }
        return kept.toString().stripTrailing().concat("\n").getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] fetch(HttpServletRequest request, boolean json) {
        String address = request.getLocalAddr();
        String host = address.contains(":") ? "[" + address + "]" : address;
        URI source = URI.create(
                "http://" + host + ":" + request.getLocalPort() + SOURCE + "?format=" + (json ? "json" : "yaml"));
        try {
            HttpResponse<byte[]> answer = CLIENT.send(
                    HttpRequest.newBuilder(source)
                            .timeout(Duration.ofSeconds(30))
                            .GET()
                            .build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            return answer.statusCode() == 200 ? withoutEndpoints(answer.body(), json) : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
