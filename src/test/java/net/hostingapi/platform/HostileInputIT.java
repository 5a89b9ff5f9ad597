package net.hostingapi.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.util.List;
import java.util.Map;
import net.hostingapi.support.Api;
import net.hostingapi.support.Deployments;
import net.hostingapi.support.ServiceTest;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Requests built to cost the service far more than their sender: each is refused with its 4xx in
 * the envelope, at once. The time bound is a hang guard (the quadratic parser took over ten
 * seconds of CPU for a 48 KB body); the figures are printed.
 */
@ServiceTest
@RunAsClient
class HostileInputIT {

    private static final long HANG_GUARD_MILLIS = 10_000;
    private static final String STATUS = "/api/v1/datacenter/server-actions/status";

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.service();
    }

    @ArquillianResource
    URL base;

    Api api;

    @BeforeEach
    void customer() {
        api = Api.at(base).newCustomer().api();
    }

    @Test
    void repeatedBracketKeysBeforeAuthentication() {
        String justUnder = "x[]=1&".repeat(19_999);
        Api.Response parsed = timed(
                "19 999 x[]=1 to the public status endpoint",
                justUnder.length(),
                () -> Api.at(base).send("POST", STATUS, "application/x-www-form-urlencoded", justUnder, Map.of()));
        assertEnvelope(parsed, 422); // state, state_percent, state_text missing

        String over = "x[]=1&".repeat(20_001);
        Api.Response refused = timed(
                "20 001 x[]=1 to the public status endpoint",
                over.length(),
                () -> Api.at(base).send("POST", STATUS, "application/x-www-form-urlencoded", over, Map.of()));
        assertEnvelope(refused, 413);
        assertEquals(List.of(4131), refused.errorCodes());

        Api.Response unauthenticated = timed(
                "20 001 x[]=1 to create, no token",
                over.length(),
                () -> Api.at(base)
                        .send("POST", "/api/v1/dns/zones/create", "application/x-www-form-urlencoded", over, Map.of()));
        assertTrue(unauthenticated.status() == 401 || unauthenticated.status() == 413, unauthenticated.toString());
        assertEnvelope(unauthenticated, unauthenticated.status());
    }

    @Test
    void deeplyNestedJsonWithAndWithoutAToken() {
        for (int depth : List.of(17, 1_000, 100_000)) {
            String json = "{\"zone\":" + "[".repeat(depth) + "]".repeat(depth) + "}";
            Api.Response withToken = timed(
                    "JSON nested " + depth + " deep, with a token",
                    json.length(),
                    () -> api.send("POST", "/api/v1/dns/zones/create", "application/json", json, Map.of()));
            assertEnvelope(withToken, 400);
            Api.Response publicEndpoint = timed(
                    "JSON nested " + depth + " deep, public endpoint",
                    json.length(),
                    () -> Api.at(base).send("POST", STATUS, "application/json", json, Map.of()));
            assertEnvelope(publicEndpoint, 400);
            Api.Response tokenInTheBody = Api.at(base)
                    .send(
                            "POST",
                            "/api/v1/dns/zones/create",
                            "application/json",
                            json.replace("{\"zone\":", "{\"authToken\":\"x\",\"zone\":"),
                            Map.of());
            assertTrue(tokenInTheBody.status() == 400 || tokenInTheBody.status() == 401, tokenInTheBody.toString());
            assertEnvelope(tokenInTheBody, tokenInTheBody.status());
        }
    }

    @Test
    void hugeExponentsAreRefusedNotExpanded() {
        for (String number : List.of("1e999999999", "-1E+999999999", "1e-999999999", "12345678901234567890e80")) {
            String json = "{\"name\": " + number + ", \"ttl\": " + number + "}";
            Api.Response refused = timed(
                    "{\"name\": " + number + "}",
                    json.length(),
                    () -> api.send("POST", "/api/v1/dns/zones/create", "application/json", json, Map.of()));
            assertEnvelope(refused, 422);
            assertTrue(refused.errorFields().containsAll(List.of("name", "ttl")), refused.body());
            Api.Response bool = api.send(
                    "DELETE",
                    "/api/v1/dns/zones/delete",
                    "application/json",
                    "{\"zone\": \"x.example\", \"forceDelete\": " + number + "}",
                    Map.of());
            assertEnvelope(bool, 422);
        }
        Api.Response numericName =
                api.send("GET", "/api/v1/dns/zones/show?zone=1", "application/json", "{\"zone\": 12e3}", Map.of());
        assertEnvelope(numericName, 404); // 12000: a plain number is still text
    }

    /**
     * A url-encoded body past Grizzly's max-post-size (2 MiB) without a token: the authentication
     * module found it too large and replayed nothing, so Jersey asked the container for the form
     * parameters, and Grizzly threw "Post too large" (500). It is 413 whatever carries the token,
     * and a servlet outside the API that reads a query parameter does not parse the body either.
     */
    @Test
    void largeFormBodiesAre413WhateverCarriesTheToken() {
        String token = Api.OPERATOR_TOKEN;
        for (int size : List.of(2_200_000, 3_000_000)) {
            byte[] form = ("username=" + "a".repeat(size)).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
            for (String path : List.of("/api/v1/account/users/create", "/api/v1/dns/zones/create")) {
                Map<String, String> requests = new java.util.LinkedHashMap<>();
                requests.put("no token", "POST " + path + " HTTP/1.1\r\n");
                requests.put("authToken in the query", "POST " + path + "?authToken=" + token + " HTTP/1.1\r\n");
                requests.put("Bearer", "POST " + path + " HTTP/1.1\r\nAuthorization: Bearer " + token + "\r\n");
                for (Map.Entry<String, String> request : requests.entrySet()) {
                    String what = size + " bytes of form to " + path + ", " + request.getKey();
                    RawHttp.Answer answer = rawTimed(
                            what, request.getValue() + "Content-Type: application/x-www-form-urlencoded\r\n", form);
                    assertRawEnvelope(answer, 413, 4130, what);
                }
            }
        }
        byte[] form = ("format=yaml&x=" + "a".repeat(3_000_000)).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        for (String auth : List.of("", "Authorization: Bearer " + token + "\r\n")) {
            RawHttp.Answer document = rawTimed(
                    "3 MB of form to GET /openapi?format=json" + (auth.isEmpty() ? "" : ", Bearer"),
                    "GET /openapi?format=json HTTP/1.1\r\n" + auth
                            + "Content-Type: application/x-www-form-urlencoded\r\n",
                    form);
            assertEquals(200, document.status(), document.statusLine());
            assertEquals("application/json; charset=utf-8", document.header("Content-Type"));
        }
    }

    private RawHttp.Answer rawTimed(String what, String head, byte[] body) {
        long start = System.nanoTime();
        RawHttp.Answer answer = RawHttp.send(base.getHost(), base.getPort(), head, body, (int) HANG_GUARD_MILLIS * 3);
        long millis = (System.nanoTime() - start) / 1_000_000;
        System.out.printf("hostile input: %s: %d in %d ms%n", what, answer.status(), millis);
        assertTrue(millis < HANG_GUARD_MILLIS, what + " took " + millis + " ms");
        return answer;
    }

    private static void assertRawEnvelope(RawHttp.Answer answer, int status, int code, String what) {
        assertEquals(status, answer.status(), what + ": " + answer.statusLine() + " " + answer.text());
        assertEquals("application/json; charset=utf-8", answer.header("Content-Type"), what);
        try (var reader = jakarta.json.Json.createReader(new java.io.StringReader(answer.text()))) {
            var envelope = reader.readObject();
            assertEquals("error", envelope.getString("status"), what);
            assertEquals(
                    code,
                    envelope.getJsonObject("messages")
                            .getJsonArray("errors")
                            .getJsonObject(0)
                            .getInt("code"),
                    what + ": " + answer.text());
        }
        NoInternals.assertNone(answer.text());
    }

    private static Api.Response timed(String what, long bytes, java.util.function.Supplier<Api.Response> request) {
        long start = System.nanoTime();
        Api.Response response = request.get();
        long millis = (System.nanoTime() - start) / 1_000_000;
        System.out.printf("hostile input: %s (%d bytes): %d in %d ms%n", what, bytes, response.status(), millis);
        assertTrue(millis < HANG_GUARD_MILLIS, what + " took " + millis + " ms");
        return response;
    }

    private static void assertEnvelope(Api.Response response, int status) {
        assertEquals(status, response.status(), response.body());
        assertEquals("application/json; charset=utf-8", response.header("Content-Type"));
        assertEquals("error", response.envelope().getString("status"));
        NoInternals.assertNone(response.body());
    }
}
