package net.hostingapi.platform;

import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.ByteArrayOutputStream;
import java.io.StringReader;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.BiFunction;
import net.hostingapi.support.Api;
import net.hostingapi.support.Deployments;
import net.hostingapi.support.OpenApiOperations;
import net.hostingapi.support.OpenApiOperations.Operation;
import net.hostingapi.support.ServiceTest;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;

/**
 * Generated malformed requests over every operation the service lists in /openapi, and over the
 * paths outside the API (/health, /metrics, /openapi, the pages, unknown paths): wrong types, huge
 * and deeply nested values, PHP bracket abuse, huge exponents, control characters, invalid UTF-8
 * and percent escapes (in bodies, queries and paths, raw bytes too), wrong content types, broken
 * multipart, 2 MiB JSON and 2.2 to 3 MB url-encoded bodies without a token, odd, unknown, WebDAV
 * and long methods. None may answer 5xx, anywhere. Every answer is the envelope, shows no
 * internals and comes within a hang guard, except: a success outside /api/v1 (a document: health,
 * metrics, OpenAPI, HTML) or of a boot script or zone export, HEAD and 204, and the connector's own
 * refusals api.md's table names, for the requests it names. Seeded: a failure names the seed,
 * the request's number and the request, and {@code -Dfuzz.seed=N} replays the run.
 */
@ServiceTest
@RunAsClient
class FuzzIT {

    private static final long SEED = Long.getLong("fuzz.seed", 20261123L);
    private static final int REQUESTS = Integer.getInteger("fuzz.requests", 3000);
    private static final int HANG_GUARD_MILLIS = 15_000;
    private static final List<String> TELLTALES = List.of(
            "Exception",
            "\tat ",
            "at net.",
            "at java.",
            "at org.",
            "java.lang",
            "org.eclipse",
            "SQL",
            "EJB",
            "jakarta.",
            "Caused by",
            "<html",
            "<HTML");
    /** Parameter names the operations take, as api.md lists them. */
    private static final List<String> NAMES = List.of(
            "zone",
            "name",
            "records",
            "domainName",
            "forceDelete",
            "hostmaster",
            "refresh",
            "retry",
            "expire",
            "ttl",
            "user",
            "project_uuid",
            "handle",
            "type",
            "sex",
            "firstname",
            "lastname",
            "organisation",
            "street",
            "number",
            "postcode",
            "city",
            "region",
            "country",
            "email",
            "phone",
            "fax",
            "dateofbirth",
            "countryofbirth",
            "id",
            "address",
            "mac_address",
            "action",
            "template",
            "hostname",
            "state",
            "state_percent",
            "state_text",
            "username",
            "rights",
            "permissions",
            "valid_until",
            "clientTransactionId",
            "token");

    private static final List<String> METHODS = List.of("GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD");

    /**
     * Methods the operations do not take: WebDAV's, made-up ones, a lower-case one, a long one,
     * TRACE. Not CONNECT: the connector keeps its connection open after the answer, which has no
     * length, so a client reading to the end waits for the connector's timeout (EdgeRequestsIT).
     */
    private static final List<String> UNKNOWN_METHODS = List.of(
            "FOO",
            "PROPFIND",
            "PROPPATCH",
            "MKCOL",
            "COPY",
            "MOVE",
            "LOCK",
            "UNLOCK",
            "SEARCH",
            "REPORT",
            "get",
            "G@T",
            "TRACE",
            "M".repeat(100));

    /** Paths outside /api/v1, answered by other servlets than JAX-RS's, and the e-mail verification link. */
    private static final List<String> OTHER_PATHS = List.of(
            "/health",
            "/health/live",
            "/metrics",
            "/openapi",
            "/openapi?format=json",
            "/",
            "/app/",
            "/app/index.html",
            "/app/no-such.js",
            "/api/docs",
            "/api",
            "/api/v2/dns/zones",
            "/no-such-page",
            "/WEB-INF/web.xml",
            "/.error-envelope",
            "/api/v1/domain/handles/verification/confirm?token=x",
            "/api/v1");

    /** Path escapes and bytes: malformed, NUL, backslash, slash, not UTF-8 (escaped or raw), a right-to-left mark. */
    private static final List<String> PATH_ESCAPES = List.of(
            "%ZZ",
            "%",
            "%0",
            "%00",
            "%5C",
            "%2F",
            "%25",
            "%C3%28",
            "%C0%AF",
            "%ff",
            "%e2%80",
            "%u0041",
            "%%",
            "%e2%80%ae",
            "\u00ff\u00fe",
            "\u00e9");

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.service();
    }

    @ArquillianResource
    URL base;

    private String token;
    private String zone;

    /** A request; {@code anonymous} ones are sent without the token {@link #authenticated} would add. */
    private record Request(String method, String target, List<String> headers, byte[] body, boolean anonymous) {

        Request(String method, String target, List<String> headers, byte[] body) {
            this(method, target, headers, body, false);
        }

        /** The request as a failure report shows it: method, target, headers, the body's size and start. */
        String describe() {
            String head = abbreviated(method) + " " + abbreviated(target) + " " + headers;
            if (body == null) {
                return head;
            }
            String start = new String(body, 0, Math.min(body.length, 80), StandardCharsets.ISO_8859_1);
            return head + " body " + body.length + " bytes: " + abbreviated(start);
        }
    }

    @Test
    void malformedRequestsOverEveryOperation() {
        Api.Customer customer = Api.at(base).newCustomer();
        token = customer.created().getJsonObject("token").getString("token");
        zone = "fz" + UUID.randomUUID().toString().replace("-", "").substring(0, 10) + ".example";
        customer.api()
                .json(
                        "POST",
                        "/api/v1/dns/zones/create",
                        Json.createObjectBuilder().add("name", zone).build());
        List<Operation> operations = OpenApiOperations.served(Api.at(base));
        assertTrue(operations.size() >= 40, "operations: " + operations);

        List<BiFunction<Operation, Random, Request>> mutations = List.of(
                this::wrongTypes,
                this::hugeValues,
                this::deepNesting,
                this::phpBrackets,
                this::hugeExponents,
                this::controlCharacters,
                this::invalidUtf8,
                this::percentEscapes,
                this::pathBytes,
                this::wrongContentTypes,
                this::brokenMultipart,
                this::largeBodies,
                this::oddMethods,
                this::unknownMethods,
                this::outsideTheApi,
                this::outsideTheApi);
        Random random = new Random(SEED);
        Map<Integer, Integer> statuses = new TreeMap<>();
        List<String> problems = new ArrayList<>();
        List<Long> millis = new ArrayList<>();
        Map<String, Integer> connectorAnswers = new TreeMap<>();
        long bytesSent = 0;
        for (int i = 0; i < REQUESTS; i++) {
            Operation operation = operations.get(random.nextInt(operations.size()));
            Request request = mutations.get(random.nextInt(mutations.size())).apply(operation, random);
            request = authenticated(request, random);
            RawHttp.Answer answer = send(request);
            bytesSent += request.body() == null ? 0 : request.body().length;
            statuses.merge(answer.status(), 1, Integer::sum);
            millis.add(answer.millis());
            String problem = problem(request, answer, connectorAnswers);
            if (problem != null) {
                problems.add("#" + i + " (seed " + SEED + ") " + request.describe() + ": " + problem);
            }
        }
        millis.sort(null);
        System.out.printf(
                "fuzz: %d requests over %d operations, seed %d, %d MiB sent; statuses %s; p50 %d ms, p99 %d ms, max %d ms;"
                        + " answered by the connector before the application: %s%n",
                REQUESTS,
                operations.size(),
                SEED,
                bytesSent >> 20,
                statuses,
                millis.get(millis.size() / 2),
                millis.get(millis.size() * 99 / 100),
                millis.get(millis.size() - 1),
                connectorAnswers);
        assertTrue(
                problems.isEmpty(),
                problems.size() + " problems, the first:\n"
                        + String.join("\n", problems.subList(0, Math.min(25, problems.size()))));
    }

    private String problem(Request request, RawHttp.Answer answer, Map<String, Integer> connectorAnswers) {
        if (answer.status() < 0) {
            return "no answer (" + answer.statusLine() + ")";
        }
        if (answer.status() >= 500) {
            return answer.status() + " " + abbreviated(answer.text());
        }
        boolean api = isApi(request.target());
        if (answer.millis() > HANG_GUARD_MILLIS) {
            return "took " + answer.millis() + " ms";
        }
        if (answer.header("X-Request-Id") == null && answer.body().length == 0) {
            // Answered by Payara's connector before any code of the WAR ran (api.md, "Requests at
            // the edge of HTTP"): only for the requests listed there, and never with a body.
            String known = connectorRefusal(request, answer.status());
            if (known == null) {
                return answer.status() + " without body or request id, for a request the README does not list";
            }
            connectorAnswers.merge(known, 1, Integer::sum);
            return null;
        }
        // A new token's text is random and may by chance spell "SQL" or "EJB" (a CI run saw it):
        // it is the one value the telltales are not looked for in.
        String text = ISSUED_TOKEN_TEXT.matcher(answer.text()).replaceAll("\"token\":\"…\"");
        // Documents outside the API are the platform's own (metrics name Jakarta classes, OpenAPI
        // and the pages are text about the API); their errors are looked at like the API's.
        for (String telltale : api || answer.status() >= 400 ? TELLTALES : List.<String>of()) {
            if (text.contains(telltale)) {
                return "shows internals (" + telltale + "): " + abbreviated(text);
            }
        }
        boolean script = answer.status() < 300
                && (request.target().contains("/server-actions/file")
                        || request.target().contains("/server-actions/menu")
                        || request.target().contains("/dns/zones/export"));
        // A document outside the API (health, metrics, OpenAPI, a page) is answered in its own
        // format; its refusals are the envelope like everything else.
        boolean document = !api && answer.status() < 400;
        if (script || document || request.method().equals("HEAD") || answer.status() == 204) {
            return null;
        }
        if (!"application/json; charset=utf-8".equals(answer.header("Content-Type"))) {
            return answer.status() + " with Content-Type " + answer.header("Content-Type") + ": " + abbreviated(text);
        }
        try (var reader = Json.createReader(new StringReader(text))) {
            JsonObject envelope = reader.readObject();
            String status = envelope.getString("status");
            if (!status.equals(answer.status() < 400 ? "success" : "error")
                    || !envelope.containsKey("messages")
                    || !envelope.containsKey("metadata")) {
                return "not the envelope: " + abbreviated(text);
            }
        } catch (RuntimeException e) {
            return answer.status() + " not the envelope: " + abbreviated(text);
        }
        return null;
    }

    private static final java.util.regex.Pattern ISSUED_TOKEN_TEXT =
            java.util.regex.Pattern.compile("\"token\":\"[^\"]*\"");
    private static final java.util.regex.Pattern MALFORMED_ESCAPE =
            java.util.regex.Pattern.compile("%(?![0-9A-Fa-f]{2})");
    private static final java.util.regex.Pattern REFUSED_ESCAPE = java.util.regex.Pattern.compile("(?i)%(00|5c)");

    /** Whether the path, its %2F decoded, has more ".." segments than segments before them at some point. */
    private static boolean climbsAboveTheRoot(String path) {
        int depth = 0;
        for (String segment : path.replaceAll("(?i)%2f", "/").split("/")) {
            if (segment.equals("..")) {
                if (--depth < 0) {
                    return true;
                }
            } else if (!segment.isEmpty() && !segment.equals(".")) {
                depth++;
            }
        }
        return false;
    }

    /** Whether JAX-RS answers the target (the application's path; EdgeFilter's refusals come first). */
    private static boolean isApi(String target) {
        String path = target.split("\\?", 2)[0];
        return path.equals("/api/v1") || path.startsWith("/api/v1/");
    }

    /**
     * Which of the connector-level refusals of api.md, "Requests at the edge of HTTP", a
     * request falls under, given the status it got; null if none: a malformed escape in the path
     * (200, Payara's open bug #8000, or 400), a path ending in /.. (200, the same bug), a path that
     * climbs above the root once %2F is decoded (400), a NUL or backslash escaped in the path (400),
     * a header byte outside ASCII (400).
     */
    private static String connectorRefusal(Request request, int status) {
        String path = request.target().split("\\?", 2)[0];
        if (MALFORMED_ESCAPE.matcher(path).find() && (status == 200 || status == 400)) {
            return "malformed % escape in the path: " + status;
        }
        if (path.endsWith("/..") && status == 200) {
            // Grizzly's path normalisation read past the end of such a path (ArrayIndexOutOfBounds
            // in CoyoteAdapter.postParseRequest, logged by the connector), the same Payara bug as
            // the malformed escape: it depends on where the path lies in the connector's buffer.
            return "a path ending in /..: 200";
        }
        if (climbsAboveTheRoot(path) && status == 400) {
            return "a path climbing above the root, %2F decoded: 400";
        }
        if (REFUSED_ESCAPE.matcher(path).find() && status == 400) {
            return "NUL or \\ escaped in the path: 400";
        }
        if (request.headers().stream().anyMatch(h -> h.chars().anyMatch(c -> c > 126)) && status == 400) {
            return "a header byte outside ASCII: 400";
        }
        return null;
    }

    private RawHttp.Answer send(Request request) {
        StringBuilder head = new StringBuilder(request.method())
                .append(' ')
                .append(request.target())
                .append(" HTTP/1.1\r\n");
        request.headers().forEach(h -> head.append(h).append("\r\n"));
        return RawHttp.send(base.getHost(), base.getPort(), head.toString(), request.body(), HANG_GUARD_MILLIS * 2);
    }

    /** Half with the customer's token, a quarter with none, a quarter with one that does not exist. */
    private Request authenticated(Request request, Random random) {
        if (request.anonymous()) {
            return request;
        }
        List<String> headers = new ArrayList<>(request.headers());
        switch (random.nextInt(4)) {
            case 0, 1 -> headers.add("Authorization: Bearer " + token);
            case 2 -> headers.add("Authorization: Bearer " + UUID.randomUUID());
            default -> {}
        }
        return new Request(request.method(), request.target(), headers, request.body());
    }

    // ---- mutations: each builds a request for the operation from the random source

    private Request wrongTypes(Operation operation, Random random) {
        StringBuilder json = new StringBuilder("{");
        int fields = 1 + random.nextInt(6);
        for (int i = 0; i < fields; i++) {
            json.append(i == 0 ? "" : ",")
                    .append('"')
                    .append(pick(NAMES, random))
                    .append("\":")
                    .append(pick(
                            List.of(
                                    "[]",
                                    "{}",
                                    "[1,2,3]",
                                    "{\"a\":{\"b\":1}}",
                                    "true",
                                    "false",
                                    "null",
                                    "-1",
                                    "0",
                                    "2147483648",
                                    "9223372036854775808",
                                    "1.5",
                                    "-0.0",
                                    "\"\"",
                                    "\" \"",
                                    "\"" + zone + "\"",
                                    "[\"" + zone + "\"]",
                                    "{\"0\":{\"name\":1,\"type\":[],\"data\":{}}}",
                                    "[{\"name\":null,\"ttl\":\"x\"}]",
                                    "\"2026-02-30\""),
                            random));
        }
        return json(operation, random, json.append('}').toString());
    }

    private Request hugeValues(Operation operation, Random random) {
        String big = "a".repeat(1 + random.nextInt(600_000));
        return json(operation, random, "{\"" + pick(NAMES, random) + "\":\"" + big + "\",\"zone\":\"" + zone + "\"}");
    }

    private Request deepNesting(Operation operation, Random random) {
        int depth = pick(List.of(15, 17, 200, 999, 1000, 1001, 50_000), random);
        boolean arrays = random.nextBoolean();
        String nested = (arrays ? "[" : "{\"a\":").repeat(depth) + "1" + (arrays ? "]" : "}").repeat(depth);
        if (random.nextBoolean()) {
            return json(operation, random, "{\"records\":" + nested + "}");
        }
        return form(operation, random, "records" + "[x]".repeat(Math.min(depth, 5000)) + "=1");
    }

    private Request phpBrackets(Operation operation, Random random) {
        String body = pick(
                List.of(
                        "records[0][name][x][y]=1",
                        "a[]]=1",
                        "[]=1",
                        "a[=1",
                        "a[b]c=1",
                        "records[99999999999]=1",
                        "records[-1][name]=a",
                        "records[][]=1&records[][]=2",
                        "x[]=1&".repeat(15_000),
                        "records[0]=1&records[0][name]=a",
                        "records=1&records[0][name]=a",
                        "=&&=&",
                        "%5B%5D=1",
                        "records[0][ttl][]=1&records[0][ttl]=2",
                        "zone[]=" + zone,
                        "zone[zone]=" + zone,
                        "forceDelete[]=true"),
                random);
        return form(operation, random, body);
    }

    private Request hugeExponents(Operation operation, Random random) {
        String number = pick(
                List.of(
                        "1e999999999",
                        "-1E+999999999",
                        "1e-999999999",
                        "9".repeat(5000),
                        "1e308",
                        "1e309",
                        "0.000000000000000000000000001",
                        "123456789012345678901234567890"),
                random);
        return json(
                operation,
                random,
                "{\"" + pick(NAMES, random) + "\":" + number + ",\"records\":[{\"name\":\"a\",\"type\":\"A\","
                        + "\"data\":\"192.0.2.1\",\"ttl\":" + number + "}]}");
    }

    private Request controlCharacters(Operation operation, Random random) {
        String value = pick(
                List.of("\\u0000", "a\\u0000b", "\\u001b[31m", "x\\r\\ny", "\\t", "\\u2028", "\\ud800", "\\u007f"),
                random);
        if (random.nextBoolean()) {
            return json(
                    operation,
                    random,
                    "{\"" + pick(NAMES, random) + "\":\"" + value + "\",\"zone\":\"" + zone + value + "\"}");
        }
        String encoded = pick(
                List.of("%00", "a%00b", "%1b%5b31m", "x%0d%0ay", "%09", "%7f", "%0a$INCLUDE%20/etc/passwd"), random);
        return form(operation, random, pick(NAMES, random) + "=" + encoded + "&zone=" + zone + encoded);
    }

    private Request invalidUtf8(Operation operation, Random random) {
        byte[] bad = pick(
                List.of(
                        new byte[] {(byte) 0xef},
                        new byte[] {(byte) 0xff, (byte) 0xfe},
                        new byte[] {(byte) 0xc3, 0x28},
                        new byte[] {(byte) 0xed, (byte) 0xa0, (byte) 0x80},
                        new byte[] {(byte) 0xf8, (byte) 0x88, (byte) 0x80, (byte) 0x80}),
                random);
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        boolean asJson = random.nextBoolean();
        body.writeBytes((asJson ? "{\"" + pick(NAMES, random) + "\":\"na" : pick(NAMES, random) + "=na")
                .getBytes(StandardCharsets.US_ASCII));
        body.writeBytes(bad);
        body.writeBytes((asJson ? "ve\"}" : "ve").getBytes(StandardCharsets.US_ASCII));
        String type = asJson ? "application/json" : "application/x-www-form-urlencoded";
        if (random.nextBoolean() && !asJson) {
            return new Request(method(operation), path(operation, random) + "?name=%C3%28&zone=na%EF", List.of(), null);
        }
        return new Request(
                method(operation), path(operation, random), List.of("Content-Type: " + type), body.toByteArray());
    }

    private Request percentEscapes(Operation operation, Random random) {
        String path = path(operation, random);
        String broken = pick(PATH_ESCAPES, random);
        int slash = path.lastIndexOf('/');
        String target = random.nextBoolean()
                ? path.substring(0, slash + 1) + broken + "/" + path.substring(slash + 1)
                : path + "?" + pick(NAMES, random) + "=" + broken + "&zone=" + zone;
        return new Request(method(operation), target, List.of(), null);
    }

    private Request wrongContentTypes(Operation operation, Random random) {
        String type = pick(
                List.of(
                        "garbage",
                        "text/plain",
                        "application/xml",
                        "multipart/form-data",
                        "application/x-www-form-urlencoded; charset=utf-16",
                        "application/json; charset=latin1",
                        "*/*",
                        "",
                        "application/json\u00e9",
                        "multipart/form-data; boundary=",
                        "text/dns",
                        "application/octet-stream"),
                random);
        byte[] body = pick(
                        List.of("{\"zone\":\"" + zone + "\"}", "zone=" + zone, "<zone/>", "\u0000\u0001\u0002"), random)
                .getBytes(StandardCharsets.UTF_8);
        return new Request(method(operation), path(operation, random), List.of("Content-Type: " + type), body);
    }

    private Request brokenMultipart(Operation operation, Random random) {
        String boundary = "b" + random.nextInt(1000);
        String body = pick(
                List.of(
                        "--" + boundary + "\r\nContent-Disposition: form-data; name=\"zone\"\r\n\r\n" + zone
                                + "\r\n", // never closed
                        "--other\r\nContent-Disposition: form-data; name=\"zone\"\r\n\r\nx\r\n--other--\r\n",
                        "--" + boundary + "\r\n\r\nno disposition\r\n--" + boundary + "--\r\n",
                        "--" + boundary + "\r\nContent-Disposition: form-data; name=\"records[0][name]\"\r\n\r\n" + "--"
                                + boundary + "\r\n".repeat(3) + "--" + boundary + "--\r\n",
                        ("--" + boundary + "\r\nContent-Disposition: form-data; name=\"x[]\"\r\n\r\n1\r\n")
                                        .repeat(5_000)
                                + "--" + boundary + "--\r\n",
                        "garbage without any boundary"),
                random);
        return new Request(
                method(operation),
                path(operation, random),
                List.of("Content-Type: multipart/form-data; boundary=" + boundary),
                body.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Bodies past the limit: 2 MiB of JSON (with whatever token), or 2.2 to 3 MB url-encoded, past
     * the connector's max-post-size too, without a token or with it in the query only.
     */
    private Request largeBodies(Operation operation, Random random) {
        if (random.nextBoolean()) {
            byte[] body = new byte[2 * 1024 * 1024];
            java.util.Arrays.fill(body, (byte) 'a');
            byte[] start = "{\"zone\":\"".getBytes(StandardCharsets.US_ASCII);
            System.arraycopy(start, 0, body, 0, start.length);
            return new Request(
                    method(operation), path(operation, random), List.of("Content-Type: application/json"), body);
        }
        byte[] body = new byte[2_200_000 + random.nextInt(800_001)];
        java.util.Arrays.fill(body, (byte) 'a');
        byte[] start = (pick(NAMES, random) + "=").getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(start, 0, body, 0, start.length);
        String target = path(operation, random) + (random.nextInt(4) == 0 ? "?authToken=" + token : "");
        return new Request(
                method(operation), target, List.of("Content-Type: application/x-www-form-urlencoded"), body, true);
    }

    private Request oddMethods(Operation operation, Random random) {
        String method = pick(METHODS, random);
        return new Request(
                method,
                path(operation, random) + "?zone=" + zone,
                List.of("Content-Type: application/json"),
                random.nextBoolean() ? null : ("{\"zone\":\"" + zone + "\"}").getBytes(StandardCharsets.UTF_8));
    }

    private Request unknownMethods(Operation operation, Random random) {
        return new Request(
                pick(UNKNOWN_METHODS, random),
                path(operation, random) + (random.nextBoolean() ? "" : "?zone=" + zone),
                List.of("Content-Type: application/json"),
                random.nextBoolean() ? null : ("{\"zone\":\"" + zone + "\"}").getBytes(StandardCharsets.UTF_8));
    }

    /**
     * A path outside the API (or the verification link) with any method, known or not, now and then
     * a broken escape, and a body: none, a small one, or 2.2 to 3 MB of form without a token.
     */
    private Request outsideTheApi(Operation operation, Random random) {
        String target = pick(OTHER_PATHS, random);
        if (random.nextInt(4) == 0) {
            String[] parts = target.split("\\?", 2);
            target = parts[0]
                    + (parts[0].endsWith("/") ? "" : "/")
                    + pick(PATH_ESCAPES, random)
                    + (parts.length > 1 ? "?" + parts[1] : "");
        }
        String method = random.nextBoolean() ? pick(METHODS, random) : pick(UNKNOWN_METHODS, random);
        return switch (random.nextInt(4)) {
            case 0 -> new Request(method, target, List.of(), null);
            case 1 ->
                new Request(
                        method,
                        target,
                        List.of("Content-Type: application/x-www-form-urlencoded"),
                        ("format=json&" + pick(NAMES, random) + "=%ff%C0%AF").getBytes(StandardCharsets.US_ASCII));
            case 2 ->
                new Request(
                        method,
                        target,
                        List.of("Content-Type: application/json"),
                        "{\"format\":[1,{\"a\":null}]}".getBytes(StandardCharsets.US_ASCII));
            default -> {
                byte[] body = new byte[2_200_000 + random.nextInt(800_001)];
                java.util.Arrays.fill(body, (byte) 'a');
                body[0] = 'x';
                body[1] = '=';
                yield new Request(
                        method, target, List.of("Content-Type: application/x-www-form-urlencoded"), body, true);
            }
        };
    }

    /** A byte the URI syntax forbids, raw, in an operation's path: a space-free control or non-ASCII byte. */
    private Request pathBytes(Operation operation, Random random) {
        String path = path(operation, random);
        String bytes =
                pick(List.of("\u00ff\u00fe", "\u00e9", "\u0080", "\u007f", "{x}", "\"", "<a>", "^", "`", "|"), random);
        int slash = path.lastIndexOf('/');
        return new Request(
                method(operation), path.substring(0, slash + 1) + bytes + path.substring(slash + 1), List.of(), null);
    }

    // ---- helpers

    private Request json(Operation operation, Random random, String json) {
        return new Request(
                method(operation),
                path(operation, random),
                List.of("Content-Type: application/json"),
                json.getBytes(StandardCharsets.UTF_8));
    }

    private Request form(Operation operation, Random random, String form) {
        return new Request(
                method(operation),
                path(operation, random),
                List.of("Content-Type: application/x-www-form-urlencoded"),
                form.getBytes(StandardCharsets.UTF_8));
    }

    /** Mostly the operation's own method; sometimes another one. */
    private static String method(Operation operation) {
        return operation.method();
    }

    /** The operation's path with its parameters filled in: the customer's zone, or something odd. */
    private String path(Operation operation, Random random) {
        String path = operation.path();
        for (String parameter : operation.pathParameters()) {
            String value =
                    pick(List.of(zone, zone, "1", "0", "-1", "99999999999999999999", "x", "..", "a%20b"), random);
            path = path.replaceFirst("\\{" + parameter + "(:[^}]*)?}", java.util.regex.Matcher.quoteReplacement(value));
        }
        return path;
    }

    private static <T> T pick(List<T> choices, Random random) {
        return choices.get(random.nextInt(choices.size()));
    }

    private static String abbreviated(String text) {
        String flat = text.replace("\r", "\\r").replace("\n", "\\n");
        return flat.length() > 300 ? flat.substring(0, 300) + "..." : flat;
    }
}
