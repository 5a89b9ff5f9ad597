package net.hostingapi.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import net.hostingapi.support.Api;
import net.hostingapi.support.Deployments;
import net.hostingapi.support.ServiceTest;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;

/**
 * Requests at the edge of HTTP (malformed escapes, odd methods, broken headers, text that is not
 * UTF-8), sent byte for byte over a socket: under /api/v1 each is answered in the envelope, or,
 * where the server refuses it before the application sees it, exactly as api.md says.
 */
@ServiceTest
@RunAsClient
class EdgeRequestsIT {

    private static final String JSON_UTF8 = "application/json; charset=utf-8";

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.service();
    }

    @ArquillianResource
    URL base;

    @Test
    void optionsAnswers204WithAllowWithoutATokenOnEveryPath() {
        for (String path : List.of(
                "/api/v1/dns/zones",
                "/api/v1/dns/zones/create",
                "/api/v1/dns/zones/x.example/assignDomain",
                "/api/v1/datacenter/server-actions/file",
                "/api/v1/datacenter/server-actions/status",
                "/api/v1/domain/handles/verification/confirm",
                "/api/v1/account/permissions")) {
            for (String accept : List.of("*/*", "text/plain", "application/vnd.sun.wadl+xml", "text/evil")) {
                Answer answer = raw("OPTIONS " + path + " HTTP/1.1\r\nAccept: " + accept + "\r\n\r\n");
                assertEquals(204, answer.status(), path + " " + accept + ": " + answer);
                assertTrue(answer.body().isEmpty(), answer.toString());
                assertNull(answer.header("Content-Type"), answer.toString());
                Set<String> allowed =
                        Set.of(answer.header("Allow").replace(" ", "").split(","));
                assertTrue(allowed.contains("OPTIONS"), answer.toString());
                assertFalse(allowed.contains("TRACE"), answer.toString());
            }
        }
        Answer create = raw("OPTIONS /api/v1/dns/zones/create HTTP/1.1\r\n\r\n");
        assertTrue(Set.of(create.header("Allow").replace(" ", "").split(",")).contains("POST"), create.toString());
        assertEnvelope(raw("OPTIONS /api/v1/no/such/path HTTP/1.1\r\n\r\n"), 404, 4041);
    }

    @Test
    void noWadlAnywhere() {
        for (String accept : List.of("*/*", "application/vnd.sun.wadl+xml", "application/xml", "text/evil")) {
            assertEnvelope(raw("GET /api/v1/application.wadl HTTP/1.1\r\nAccept: " + accept + "\r\n\r\n"), 404, 4041);
            assertEnvelope(
                    raw("GET /api/v1/application.wadl?detail=true HTTP/1.1\r\nAccept: " + accept
                            + "\r\nAuthorization: Bearer " + Api.OPERATOR_TOKEN + "\r\n\r\n"),
                    404,
                    4041);
            Answer options = raw("OPTIONS /api/v1/dns/zones HTTP/1.1\r\nAccept: " + accept
                    + "\r\nAuthorization: Bearer " + Api.OPERATOR_TOKEN + "\r\n\r\n");
            assertEquals(204, options.status(), options.toString());
            assertFalse(options.body().contains("wadl"), options.toString());
        }
    }

    @Test
    void contentTypeThatIsNoMediaTypeIsRefusedInTheEnvelope() {
        for (String contentType : List.of("garbage", "application/", "/json", "application/json; charset")) {
            Answer answer = raw(withLength("POST /api/v1/dns/zones/create HTTP/1.1\r\nAuthorization: Bearer "
                    + Api.OPERATOR_TOKEN + "\r\nContent-Type: " + contentType + "\r\n\r\nname=x.example"));
            assertEnvelope(answer, 400, 4000);
            Answer noToken = raw("GET /api/v1/dns/zones HTTP/1.1\r\nContent-Type: " + contentType + "\r\n\r\n");
            assertEquals("error", envelope(noToken).getString("status"), noToken.toString());
        }
        // Jersey reads an Accept it cannot parse as accepting nothing it has
        assertEnvelope(
                raw("GET /api/v1/account/permissions HTTP/1.1\r\nAuthorization: Bearer " + Api.OPERATOR_TOKEN
                        + "\r\nAccept: garbage\r\n\r\n"),
                406,
                4060);
    }

    @Test
    void pathCharactersTheUriSyntaxForbidsAre400InTheEnvelope() {
        for (String path :
                List.of("/api/v1/dns/{zones}", "/api/v1/dns/zones/a\"b/assignDomain", "/api/v1/dns/zones/<x>")) {
            assertEnvelope(raw("GET " + path + " HTTP/1.1\r\n\r\n"), 400, 4005);
        }
    }

    /**
     * Escapes that are not UTF-8 (an overlong {@code /}, a lone byte, a cut sequence) and raw bytes
     * outside ASCII: the connector decodes paths as ISO-8859-1 (pre-boot file), which never fails,
     * so they reach {@code EdgeFilter}; with UTF-8 the connector answered 400 without a body.
     */
    @Test
    void escapesThatAreNotUtf8InThePathAre400InTheEnvelope() {
        for (String path : List.of(
                "/api/v1/dns/zones/%C0%AF",
                "/api/v1/dns/%ff/zones",
                "/api/v1/dns/zones/%e2%80/assignDomain",
                "/api/v1/dns/\u00ff\u00fe",
                "/health%ff",
                "/openapi/%C0%AF",
                "/app/\u00ff\u00fe",
                "/%ff")) {
            assertEnvelope(
                    raw("GET " + path + " HTTP/1.1\r\n\r\n"),
                    400,
                    4005); // the raw bytes 0xff 0xfe: ISO-8859-1 on the wire
        }
        // Valid UTF-8 escapes still reach the operations (a user's name is looked up, not refused).
        assertEnvelope(
                raw("GET /api/v1/account/users/%C3%A4bc HTTP/1.1\r\nAuthorization: Bearer " + Api.OPERATOR_TOKEN
                        + "\r\n\r\n"),
                404,
                4040);
    }

    /**
     * Outside the API every servlet (Payara's /health and /metrics, the WAR's pages, the default
     * servlet) answered a method it does not know with 501, which the error page made a 500; and
     * its 405s carried no Allow. Now: 405 in the envelope with Allow, as under /api/v1.
     */
    @Test
    void unknownMethodsOutsideTheApiAre405WithAllow() {
        List<String> methods = List.of("FOO", "PROPFIND", "MKCOL", "PATCH", "LOCK", "M".repeat(100));
        for (String path : List.of("/health", "/openapi", "/metrics", "/", "/app/", "/api/docs", "/no-such-page")) {
            for (String method : methods) {
                Answer answer = raw(method + " " + path + " HTTP/1.1\r\n\r\n");
                assertEnvelope(answer, 405, 4050);
                Set<String> allowed = allowed(answer);
                assertTrue(allowed.contains("GET"), method + " " + path + ": " + answer);
                assertFalse(allowed.contains(method), method + " " + path + ": " + answer);
                assertFalse(allowed.contains("TRACE"), method + " " + path + ": " + answer);
            }
        }
        for (String path : List.of("/openapi", "/api/docs", "/", "/metrics")) {
            Answer post = raw("POST " + path + " HTTP/1.1\r\nContent-Length: 0\r\n\r\n");
            assertEnvelope(post, 405, 4050);
            assertTrue(allowed(post).contains("GET"), path + ": " + post);
            assertFalse(allowed(post).contains("POST"), path + ": " + post);
        }
        // OPTIONS names no TRACE, which EdgeFilter refuses outside the API.
        Answer options = raw("OPTIONS /openapi HTTP/1.1\r\n\r\n");
        assertTrue(options.status() < 300, options.toString());
        assertTrue(allowed(options).contains("GET"), options.toString());
        assertFalse(allowed(options).contains("TRACE"), options.toString());
        // Under /api/v1 as before.
        Answer api = raw("PROPFIND /api/v1/dns/zones HTTP/1.1\r\n\r\n");
        assertEnvelope(api, 405, 4050);
        assertTrue(allowed(api).contains("GET"), api.toString());
    }

    private static Set<String> allowed(Answer answer) {
        String allow = answer.header("Allow");
        assertTrue(allow != null && !allow.isBlank(), "no Allow: " + answer);
        return Set.of(allow.replace(" ", "").split(","));
    }

    /** Grizzly's URI decoder throws on it, and Payara's connector answers 200 without a body (payara/Payara#8000). */
    @Test
    void malformedPercentEscapeInThePathIsRefusedBeforeTheApplication() {
        for (String path :
                List.of("/api/v1/dns/zones/%ZZ/assignDomain", "/api/v1/dns/zones/%", "/api/v1/dns/zones/%4")) {
            Answer answer = raw(
                    "POST " + path + " HTTP/1.1\r\nAuthorization: Bearer " + Api.OPERATOR_TOKEN
                            + "\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 22\r\n\r\ndomainName=x.example.c");
            assertEquals(200, answer.status(), answer.toString());
            assertTrue(answer.body().isEmpty(), answer.toString());
            assertNull(answer.header("X-Request-Id"), "the application never saw it: " + answer);
        }
    }

    /** Payara's connector refuses these while normalising the path, before any application: 400 "Invalid URI", no body. */
    @Test
    void nulAndBackslashInThePathAreRefusedBeforeTheApplication() {
        for (String path : List.of("/api/v1/dns/%00/zones", "/api/v1/dns/zones%00", "/api/v1/dns%5Czones")) {
            Answer answer = raw("GET " + path + " HTTP/1.1\r\n\r\n");
            assertEquals(400, answer.status(), answer.toString());
            assertEquals("HTTP/1.1 400 Invalid URI", answer.statusLine());
            assertTrue(answer.body().isEmpty(), answer.toString());
        }
    }

    /** Grizzly's HTTP parser refuses these before any application: 400, no body, the connection closed. */
    @Test
    void brokenHeadersAndOversizedRequestHeadsAreRefusedBeforeTheApplication() {
        Map<String, String> requests = new LinkedHashMap<>();
        requests.put("a non-ASCII header byte", "GET /api/v1/dns/zones HTTP/1.1\r\nX-Name: caf\u00e9\r\n\r\n");
        requests.put("a control byte in a header", "GET /api/v1/dns/zones HTTP/1.1\r\nX-Name: a\u0001b\r\n\r\n");
        requests.put("a 9 KB query", "GET /api/v1/dns/zones?x=" + "a".repeat(9 * 1024) + " HTTP/1.1\r\n\r\n");
        requests.put("a 9 KB header", "GET /api/v1/dns/zones HTTP/1.1\r\nX-Big: " + "a".repeat(9 * 1024) + "\r\n\r\n");
        for (Map.Entry<String, String> request : requests.entrySet()) {
            Answer answer = raw(request.getValue());
            assertEquals(400, answer.status(), request.getKey() + ": " + answer);
            assertTrue(answer.body().isEmpty(), request.getKey() + ": " + answer);
            assertNull(answer.header("X-Request-Id"), request.getKey() + ": " + answer);
        }
        // Just under the limit the application answers, in the envelope.
        Answer underLimit = raw("GET /api/v1/dns/zones?x=" + "a".repeat(7 * 1024) + " HTTP/1.1\r\n\r\n");
        assertEnvelope(underLimit, 401, 4010);
    }

    /** TRACE is let through by the listener (pre-boot file) and refused by the application, in the envelope. */
    @Test
    void traceIsRefused() {
        Answer answer =
                raw("TRACE /api/v1/dns/zones HTTP/1.1\r\nAuthorization: Bearer " + Api.OPERATOR_TOKEN + "\r\n\r\n");
        assertEnvelope(answer, 405, 4050);
        assertFalse(answer.body().contains(Api.OPERATOR_TOKEN), answer.toString());
        // Outside JAX-RS, also under /api/ (Swagger UI's page, an unknown version): every servlet's TRACE echoed the
        // headers.
        for (String path : List.of("/anything", "/api/docs", "/api/v2/dns/zones", "/health", "/")) {
            Answer outside =
                    raw("TRACE " + path + " HTTP/1.1\r\nAuthorization: Bearer " + Api.OPERATOR_TOKEN + "\r\n\r\n");
            assertEnvelope(outside, 405, 4050);
            assertFalse(outside.body().contains(Api.OPERATOR_TOKEN), "no echo of the request's headers: " + outside);
            assertTrue(allowed(outside).contains("GET"), outside.toString());
        }
    }

    /**
     * CONNECT without Content-Length declares no body (RFC 9112), but Grizzly hands out the
     * connection's stream for it, and reading that for {@code authToken} waited for the client to
     * close, holding a worker until the read timeout (30 s). The answer now comes at once. The
     * connector writes it without Content-Length and keeps the connection open as a tunnel (api.md,
     * "Requests at the edge of HTTP"), so the envelope is read up to its end, not to the connection's.
     */
    @Test
    void connectWithoutABodyIsAnsweredWithoutWaitingForOne() throws java.io.IOException {
        for (String path : List.of("/api/v1/dns/zones", "/openapi", "/health")) {
            try (java.net.Socket socket = new java.net.Socket(base.getHost(), base.getPort())) {
                socket.setSoTimeout(10_000);
                socket.getOutputStream()
                        .write(("CONNECT " + path + " HTTP/1.1\r\nHost: " + base.getHost() + "\r\n\r\n")
                                .getBytes(StandardCharsets.US_ASCII));
                java.io.ByteArrayOutputStream received = new java.io.ByteArrayOutputStream();
                byte[] buffer = new byte[4096];
                String text = "";
                while (!text.endsWith("\"data\":null}")) {
                    int n;
                    try {
                        n = socket.getInputStream().read(buffer);
                    } catch (java.net.SocketTimeoutException e) {
                        throw new AssertionError(path + ": no whole answer within 10 s: " + text, e);
                    }
                    assertTrue(n > 0, path + ": closed after " + text);
                    received.write(buffer, 0, n);
                    text = received.toString(StandardCharsets.UTF_8);
                }
                int headEnd = text.indexOf("\r\n\r\n");
                String[] head = text.substring(0, headEnd).split("\r\n");
                Map<String, String> headers = new LinkedHashMap<>();
                for (int i = 1; i < head.length; i++) {
                    String[] header = head[i].split(":", 2);
                    headers.put(header[0].trim().toLowerCase(Locale.ROOT), header[1].trim());
                }
                Answer answer = new Answer(head[0], headers, text.substring(headEnd + 4));
                assertEnvelope(answer, 405, 4050);
                assertTrue(allowed(answer).contains("GET"), answer.toString());
            }
        }
    }

    @Test
    void invalidUtf8IsRefusedAndNothingIsStored() {
        Api.Customer customer = Api.at(base).newCustomer();
        String token = tokenOf(customer);
        String auth = "Authorization: Bearer " + token + "\r\n";
        String name = "utf8-" + UUID.randomUUID().toString().substring(0, 8) + ".example";
        String naive = "na\u00efve"; // the bytes written below are ISO-8859-1: 0xEF alone is no UTF-8
        Map<String, String> requests = new LinkedHashMap<>();
        requests.put(
                "JSON",
                "POST /api/v1/dns/zones/create HTTP/1.1\r\n" + auth + "Content-Type: application/json\r\n\r\n"
                        + "{\"name\":\"" + name + "\",\"records\":[{\"name\":\"@\",\"type\":\"TXT\",\"data\":\"" + naive
                        + "\"}]}");
        requests.put(
                "JSON without a Content-Type",
                "POST /api/v1/dns/zones/create HTTP/1.1\r\n" + auth + "\r\n" + "{\"name\":\"" + name
                        + "\",\"records\":[{\"name\":\"@\",\"type\":\"TXT\",\"data\":\"" + naive + "\"}]}");
        requests.put(
                "form, percent-encoded",
                "POST /api/v1/dns/zones/create HTTP/1.1\r\n" + auth
                        + "Content-Type: application/x-www-form-urlencoded\r\n\r\n"
                        + "name=" + name + "&records[0][name]=@&records[0][type]=TXT&records[0][data]=na%EFve");
        requests.put(
                "form, raw byte",
                "POST /api/v1/dns/zones/create HTTP/1.1\r\n" + auth
                        + "Content-Type: application/x-www-form-urlencoded\r\n\r\n"
                        + "name=" + name + "&records[0][name]=@&records[0][type]=TXT&records[0][data]=" + naive);
        requests.put(
                "form, truncated sequence",
                "POST /api/v1/dns/zones/create HTTP/1.1\r\n" + auth
                        + "Content-Type: application/x-www-form-urlencoded\r\n\r\n"
                        + "name=" + name + "&records[0][name]=@&records[0][type]=TXT&records[0][data]=x%C3");
        requests.put(
                "multipart",
                "POST /api/v1/dns/zones/create HTTP/1.1\r\n" + auth
                        + "Content-Type: multipart/form-data; boundary=b0undary\r\n\r\n"
                        + "--b0undary\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\n" + name
                        + "\r\n--b0undary\r\nContent-Disposition: form-data; name=\"records[0][type]\"\r\n\r\nTXT"
                        + "\r\n--b0undary\r\nContent-Disposition: form-data; name=\"records[0][data]\"\r\n\r\n" + naive
                        + "\r\n--b0undary--\r\n");
        requests.put(
                "query string",
                "POST /api/v1/dns/zones/create?name=" + name
                        + "&records[0][name]=@&records[0][type]=TXT&records[0][data]=na%EFve HTTP/1.1\r\n" + auth
                        + "\r\n");
        for (Map.Entry<String, String> request : requests.entrySet()) {
            Answer answer = raw(withLength(request.getValue()));
            assertEquals(400, answer.status(), request.getKey() + ": " + answer);
            assertEnvelope(answer, 400, 4004);
        }
        Api.Response zones = customer.api().get("/api/v1/dns/zones");
        assertEquals(200, zones.status(), zones.body());
        assertEquals(0, zones.data().getJsonArray("zones").size(), "nothing stored: " + zones.body());

        // The same text as UTF-8 is stored as sent.
        Answer utf8 = raw(withLength(new String(
                ("POST /api/v1/dns/zones/create HTTP/1.1\r\n" + auth
                                + "Content-Type: application/x-www-form-urlencoded\r\n\r\nname=" + name
                                + "&records[0][name]=@&records[0][type]=TXT&records[0][data]=" + naive)
                        .getBytes(StandardCharsets.UTF_8),
                StandardCharsets.ISO_8859_1)));
        assertEquals(201, utf8.status(), utf8.toString());
        String shown = customer.api().get("/api/v1/dns/zones/show?zone=" + name).body();
        assertTrue(shown.contains("\"data\":\"" + naive + "\""), shown);
    }

    /** Strict HTTP clients and proxies read the reason phrase; Grizzly knows none for 422 and 429 ("CUSTOM"). */
    @Test
    void everyStatusLineCarriesItsStandardReasonPhrase() {
        Api.Customer customer = Api.at(base).newCustomer();
        String auth = "Authorization: Bearer " + tokenOf(customer) + "\r\n";
        String zone = "z" + UUID.randomUUID().toString().replace("-", "").substring(0, 12) + ".example";
        List<String[]> expected = new java.util.ArrayList<>(); // request, status and phrase; in order (201 before 409)
        expected.add(new String[] {"GET /api/v1/dns/zones HTTP/1.1\r\n" + auth + "\r\n", "200 OK"});
        expected.add(new String[] {
            withLength("POST /api/v1/dns/zones/create HTTP/1.1\r\n" + auth
                    + "Content-Type: application/x-www-form-urlencoded\r\n\r\nname=" + zone),
            "201 Created"
        });
        expected.add(new String[] {"OPTIONS /api/v1/dns/zones HTTP/1.1\r\n\r\n", "204 No Content"});
        expected.add(new String[] {
            withLength("POST /api/v1/dns/zones/create HTTP/1.1\r\n" + auth + "Content-Type: application/json\r\n\r\n{"),
            "400 Bad Request"
        });
        expected.add(new String[] {"GET /api/v1/dns/zones HTTP/1.1\r\n\r\n", "401 Unauthorized"});
        expected.add(
                new String[] {"GET /api/v1/customers/create HTTP/1.1\r\n" + auth + "\r\n", "405 Method Not Allowed"});
        expected.add(new String[] {
            "POST /api/v1/customers/create HTTP/1.1\r\n" + auth + "Content-Length: 0\r\n\r\n", "403 Forbidden"
        });
        expected.add(new String[] {"GET /api/v1/no/such/path HTTP/1.1\r\n\r\n", "404 Not Found"});
        expected.add(new String[] {
            "GET /api/v1/dns/zones HTTP/1.1\r\n" + auth + "Accept: text/evil\r\n\r\n", "406 Not Acceptable"
        });
        expected.add(new String[] {
            withLength("POST /api/v1/dns/zones/create HTTP/1.1\r\n" + auth
                    + "Content-Type: application/x-www-form-urlencoded\r\n\r\nname=" + zone),
            "409 Conflict"
        });
        expected.add(new String[] {
            withLength("POST /api/v1/dns/zones/create HTTP/1.1\r\n" + auth + "Content-Type: text/csv\r\n\r\nname,x"),
            "415 Unsupported Media Type"
        });
        expected.add(new String[] {
            withLength("POST /api/v1/dns/zones/create HTTP/1.1\r\n" + auth
                    + "Content-Type: application/x-www-form-urlencoded\r\n\r\nname=a"),
            "422 Unprocessable Content"
        });
        for (String[] request : expected) {
            Answer answer = raw(request[0]);
            assertEquals("HTTP/1.1 " + request[1], answer.statusLine(), request[0] + " -> " + answer);
        }
        Answer tooLarge = raw(withLength("POST /api/v1/dns/zones/create HTTP/1.1\r\n" + auth
                + "Content-Type: application/x-www-form-urlencoded\r\n\r\nname=" + "a".repeat((1 << 20) + 10)));
        assertEquals("HTTP/1.1 413 Content Too Large", tooLarge.statusLine(), tooLarge.toString());
        // 429: the public server-action limit (30 a minute in the tests), for an address of this test's own
        String address = "198.51.100." + (1 + new java.util.Random().nextInt(250));
        RawHttp.Answer limited = null;
        for (int i = 0; i < 40 && (limited == null || limited.status() != 429); i++) {
            limited = RawHttp.send(
                    "127.0.0.1",
                    base.getPort(),
                    "GET /api/v1/datacenter/server-actions/file?address=" + address + " HTTP/1.1\r\nX-Forwarded-For: "
                            + address + "\r\n",
                    null,
                    60_000);
        }
        assertEquals("HTTP/1.1 429 Too Many Requests", limited.statusLine(), limited.text());
    }

    private static String tokenOf(Api.Customer customer) {
        return customer.created().getJsonObject("token").getString("token");
    }

    /** Adds Content-Length for a request with a body (its bytes are the ISO-8859-1 chars of the text). */
    private static String withLength(String request) {
        int head = request.indexOf("\r\n\r\n");
        int length = request.length() - head - 4;
        return length == 0
                ? request
                : request.substring(0, head) + "\r\nContent-Length: " + length + request.substring(head);
    }

    private static void assertEnvelope(Answer answer, int status, int code) {
        assertEquals(status, answer.status(), answer.toString());
        assertEquals(JSON_UTF8, answer.header("Content-Type"), answer.toString());
        JsonObject envelope = envelope(answer);
        assertEquals(Set.of("metadata", "status", "messages", "data"), envelope.keySet());
        assertEquals("error", envelope.getString("status"));
        assertTrue(envelope.isNull("data"));
        String requestId = envelope.getJsonObject("metadata").getString("serverTransactionId");
        UUID.fromString(requestId);
        assertEquals(requestId, answer.header("X-Request-Id"));
        JsonObject messages = envelope.getJsonObject("messages");
        assertEquals(Set.of("errors", "warnings", "success"), messages.keySet());
        assertEquals(code, messages.getJsonArray("errors").getJsonObject(0).getInt("code"), answer.toString());
        NoInternals.assertNone(answer.body());
    }

    private static JsonObject envelope(Answer answer) {
        try (var reader = Json.createReader(new StringReader(answer.body()))) {
            return reader.readObject();
        } catch (RuntimeException e) {
            throw new AssertionError("not JSON: " + answer, e);
        }
    }

    /** What came back on the socket: the status line, the headers, the body (UTF-8). */
    record Answer(String statusLine, Map<String, String> headers, String body) {

        int status() {
            String[] parts = statusLine.split(" ");
            return parts.length < 2 ? -1 : Integer.parseInt(parts[1]);
        }

        String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }

        @Override
        public String toString() {
            return statusLine + " " + headers + " " + body;
        }
    }

    /** Sends the request as written (RawHttp: Host and Connection: close added) and reads the answer to its end. */
    private Answer raw(String request) {
        RawHttp.Answer answer = RawHttp.send(base.getHost(), base.getPort(), request, 60_000);
        assertTrue(answer.status() > 0, "no HTTP answer: " + answer.statusLine());
        return new Answer(answer.statusLine(), answer.headers(), answer.text());
    }
}
