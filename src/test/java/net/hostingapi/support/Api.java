package net.hostingapi.support;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/** A plain HTTP client for the tests, as a script or client library would call the API. */
public final class Api {

    public static final String OPERATOR_TOKEN =
            System.getenv().getOrDefault("BOOTSTRAP_TOKEN", "test-operator-token-0123456789abcdef0123456789");

    private static final HttpClient CLIENT = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1) // as the published clients speak; no h2c upgrade
            .connectTimeout(Duration.ofSeconds(10))
            .build();

    private final String base;
    private final String token;
    private final Duration timeout;

    private Api(String base, String token, Duration timeout) {
        this.base = base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
        this.token = token;
        this.timeout = timeout;
    }

    public static Api at(URL base) {
        return new Api(base.toString(), null, Duration.ofSeconds(60));
    }

    public Api withToken(String newToken) {
        return new Api(base, newToken, timeout);
    }

    /** The same client waiting up to {@code wait} for each answer (60 s unless told). */
    public Api withTimeout(Duration wait) {
        return new Api(base, token, wait);
    }

    public Api asOperator() {
        return withToken(OPERATOR_TOKEN);
    }

    public String base() {
        return base;
    }

    /** The bearer token this client sends, for requests written by hand (raw sockets). */
    public String token() {
        return token;
    }

    /** Creates a fresh customer account through the operator endpoint and returns a client holding its first token. */
    public Customer newCustomer() {
        String username = "c" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        Response created = asOperator()
                .json(
                        "POST",
                        "/api/v1/customers/create",
                        Json.createObjectBuilder()
                                .add("username", username)
                                .add("email", username + "@example.com")
                                .build());
        if (created.status() != 201) {
            throw new AssertionError("customer not created: " + created.body());
        }
        String newToken = created.data().getJsonObject("token").getString("token");
        return new Customer(username, withToken(newToken), created.data());
    }

    public record Customer(String username, Api api, JsonObject created) {}

    public Response get(String path) {
        return send("GET", path, null, null, Map.of());
    }

    /**
     * The value of the first series of {@code /metrics} whose line starts with {@code name}; 0 when
     * it has none yet (a counter not yet counted).
     */
    public double metric(String name) {
        Response metrics = get("/metrics");
        if (metrics.status() != 200) {
            throw new AssertionError("GET /metrics answered " + metrics.status() + ": " + metrics.body());
        }
        for (String line : metrics.body().split("\n")) {
            if (line.startsWith(name)) {
                return Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
            }
        }
        return 0;
    }

    /**
     * GETs {@code path} until it answers {@code status}, for at most 5 s: a token changed in the
     * database behind the service's back (as on another instance) is read again within
     * {@code TOKEN_CACHE_MILLIS} (1 s in the tests).
     */
    public Response getUntil(String path, int status) {
        return getUntil(path, Map.of(), status);
    }

    public Response getUntil(String path, Map<String, String> headers, int status) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        Response response = send("GET", path, null, null, headers);
        while (response.status() != status && System.nanoTime() < deadline) {
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return response;
            }
            response = send("GET", path, null, null, headers);
        }
        return response;
    }

    public Response json(String method, String path, JsonObject body) {
        return send(method, path, "application/json", body.toString(), Map.of());
    }

    public Response form(String method, String path, String urlEncoded) {
        return send(method, path, "application/x-www-form-urlencoded", urlEncoded, Map.of());
    }

    public Response send(String method, String path, String contentType, String body, Map<String, String> headers) {
        return sendBytes(
                method, path, contentType, body == null ? null : body.getBytes(StandardCharsets.UTF_8), headers);
    }

    public Response sendBytes(
            String method, String path, String contentType, byte[] body, Map<String, String> headers) {
        HttpRequest.Builder request =
                HttpRequest.newBuilder(URI.create(base + path)).timeout(timeout);
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        if (contentType != null) {
            request.header("Content-Type", contentType);
        }
        headers.forEach(request::header);
        request.method(
                method,
                body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
        try {
            HttpResponse<String> response =
                    CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            return new Response(
                    response.statusCode(), response.body(), response.headers().map());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** An answer; {@code envelope()} parses the body as the contract's envelope. */
    public record Response(int status, String body, Map<String, java.util.List<String>> headers) {

        public JsonObject envelope() {
            try (var reader = Json.createReader(new StringReader(body))) {
                return reader.readObject();
            } catch (RuntimeException e) {
                throw new AssertionError("not JSON (status " + status + "): " + body, e);
            }
        }

        public JsonObject data() {
            JsonValue data = envelope().get("data");
            if (data == null || data.getValueType() != JsonValue.ValueType.OBJECT) {
                throw new AssertionError("no data object (status " + status + "): " + body);
            }
            return data.asJsonObject();
        }

        public String header(String name) {
            return headers.entrySet().stream()
                    .filter(e -> e.getKey().equalsIgnoreCase(name))
                    .map(e -> e.getValue().get(0))
                    .findFirst()
                    .orElse(null);
        }

        /** The codes of the envelope's errors. */
        public java.util.List<Integer> errorCodes() {
            return envelope().getJsonObject("messages").getJsonArray("errors").getValuesAs(JsonObject.class).stream()
                    .map(m -> m.getInt("code"))
                    .toList();
        }

        public java.util.List<String> errorFields() {
            return envelope().getJsonObject("messages").getJsonArray("errors").getValuesAs(JsonObject.class).stream()
                    .map(m -> m.getString("field", null))
                    .toList();
        }

        /** The codes of the envelope's warnings. */
        public java.util.List<Integer> warningCodes() {
            return envelope().getJsonObject("messages").getJsonArray("warnings").getValuesAs(JsonObject.class).stream()
                    .map(m -> m.getInt("code"))
                    .toList();
        }

        public java.util.List<String> warningFields() {
            return envelope().getJsonObject("messages").getJsonArray("warnings").getValuesAs(JsonObject.class).stream()
                    .map(m -> m.getString("field", null))
                    .toList();
        }

        @Override
        public String toString() {
            return status + " " + body;
        }
    }
}
