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
import java.io.InputStream;
import java.io.StringReader;
import java.io.StringWriter;
import java.net.HttpURLConnection;
import java.net.URI;
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

    /**
     * With HttpURLConnection, which starts no thread of its own: the JDK's HttpClient kept in a static
     * field here had its selector thread hold this deployment's class loader, and with it every class
     * of the WAR, after each redeploy or undeploy on Payara Server (PayaraServerIT). The connection is
     * not kept: the document is fetched once per format and deployment.
     */
    private static byte[] fetch(HttpServletRequest request, boolean json) {
        String address = request.getLocalAddr();
        String host = address.contains(":") ? "[" + address + "]" : address;
        URI source = URI.create(
                "http://" + host + ":" + request.getLocalPort() + SOURCE + "?format=" + (json ? "json" : "yaml"));
        HttpURLConnection connection = null;
        try {
            connection = (HttpURLConnection) source.toURL().openConnection();
            connection.setConnectTimeout((int) Duration.ofSeconds(5).toMillis());
            connection.setReadTimeout((int) Duration.ofSeconds(30).toMillis());
            connection.setRequestProperty("Connection", "close");
            if (connection.getResponseCode() != 200) {
                return null;
            }
            try (InputStream body = connection.getInputStream()) {
                return withoutEndpoints(body.readAllBytes(), json);
            }
        } catch (IOException e) {
            return null;
        } finally {
            if (connection != null) {
                connection.disconnect();
            }
        }
    }
}
