package net.hostingapi.accounts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.net.URL;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import net.hostingapi.support.Api;
import net.hostingapi.support.Deployments;
import net.hostingapi.support.ServiceTest;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/** Tokens in every place a client sends them, and every way authentication and rights refuse. */
@ServiceTest
@RunAsClient
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class AuthenticationIT {

    private static final String PERMISSIONS = "/api/v1/account/permissions";

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.service();
    }

    @ArquillianResource
    URL base;

    @Test
    void bootstrapTokenAsBearerHeaderReadsPermissions() {
        Api.Response response = Api.at(base).asOperator().get(PERMISSIONS);
        assertEquals(200, response.status(), response.body());
        assertEquals("success", response.envelope().getString("status"));
        JsonObject first = response.data().getJsonArray("permissions").getJsonObject(0);
        assertEquals(Set.of("key", "title", "descr", "category"), first.keySet());
    }

    @Test
    void tokenAsAuthTokenQueryParameter() {
        Api.Response response = Api.at(base).get(PERMISSIONS + "?authToken=" + Api.OPERATOR_TOKEN);
        assertEquals(200, response.status(), response.body());
    }

    @Test
    void tokenAsAuthTokenInFormAndJsonBodies() {
        Api.Customer customer = Api.at(base).newCustomer();
        String token = customer.created().getJsonObject("token").getString("token");
        Api anonymous = Api.at(base);
        Api.Response form = anonymous.form("POST", "/api/v1/projects/create", "name=viaform&authToken=" + token);
        assertEquals(201, form.status(), form.body());
        Api.Response json = anonymous.json(
                "POST",
                "/api/v1/projects/create",
                Json.createObjectBuilder()
                        .add("name", "viajson")
                        .add("authToken", token)
                        .build());
        assertEquals(201, json.status(), json.body());
        Api.Response getWithJsonBody = anonymous.send(
                "GET", "/api/v1/projects", "application/json", "{\"authToken\":\"" + token + "\"}", Map.of());
        assertEquals(200, getWithJsonBody.status(), getWithJsonBody.body());
        assertEquals(2, getWithJsonBody.data().getJsonArray("projects").size());
    }

    @Test
    void headerWinsOverParameter() {
        Api good = Api.at(base).asOperator();
        assertEquals(200, good.get(PERMISSIONS + "?authToken=not-a-token").status());
        Api bad = Api.at(base).withToken("not-a-token");
        Api.Response refused = bad.get(PERMISSIONS + "?authToken=" + Api.OPERATOR_TOKEN);
        assertEquals(401, refused.status(), refused.body());
    }

    @Test
    void noTokenIs401InTheEnvelope() {
        Api.Response response = Api.at(base).get(PERMISSIONS);
        assertEquals(401, response.status());
        assertEquals(
                "application/json; charset=utf-8",
                response.header("Content-Type").toLowerCase());
        assertEquals("error", response.envelope().getString("status"));
        assertEquals(List.of(4010), response.errorCodes());
        assertTrue(response.envelope().isNull("data"));
        assertNotNull(response.header("WWW-Authenticate"));
    }

    @Test
    void unknownTokenIs401() {
        Api.Response response = Api.at(base).withToken("x".repeat(43)).get(PERMISSIONS);
        assertEquals(401, response.status());
        assertEquals(List.of(4011), response.errorCodes());
    }

    @Test
    void missingRightIs403NamingTheRight() {
        Api.Customer customer = Api.at(base).newCustomer();
        String limited = createToken(
                customer.api(),
                Json.createArrayBuilder().add("PROJECTS_LIST").build().toString());
        Api listOnly = Api.at(base).withToken(limited);
        assertEquals(200, listOnly.get("/api/v1/projects").status());
        Api.Response refused = listOnly.json(
                "POST",
                "/api/v1/projects/create",
                Json.createObjectBuilder().add("name", "x").build());
        assertEquals(403, refused.status(), refused.body());
        assertEquals(List.of(4030), refused.errorCodes());
        String message = refused.envelope()
                .getJsonObject("messages")
                .getJsonArray("errors")
                .getJsonObject(0)
                .getString("message");
        assertTrue(message.contains("PROJECTS_CRUD"), message);
    }

    @Test
    void ejbSeesTheCallerAndExactlyTheTokensRights() {
        Api.Customer customer = Api.at(base).newCustomer();
        String limited = createToken(customer.api(), "[\"PROJECTS_LIST\",\"DNS_ZONES_LIST\"]");
        Api.Response assigned = Api.at(base).withToken(limited).get(PERMISSIONS + "/assigned");
        assertEquals(200, assigned.status(), assigned.body());
        assertEquals(customer.username(), assigned.data().getString("user"));
        assertEquals(Set.of("PROJECTS_LIST", "DNS_ZONES_LIST"), keys(assigned.data()));
    }

    @Test
    void deactivatedTokenIsRefusedAtOnce() {
        Api.Customer customer = Api.at(base).newCustomer();
        Api.Response created = customer.api()
                .json(
                        "POST",
                        "/api/v1/account/users/tokens/create",
                        Json.createObjectBuilder().build());
        assertEquals(201, created.status(), created.body());
        JsonObject token = created.data().getJsonObject("token");
        Api second = Api.at(base).withToken(token.getString("token"));
        assertEquals(200, second.get(PERMISSIONS).status());
        Api.Response deactivated = customer.api()
                .json(
                        "POST",
                        "/api/v1/account/users/tokens/"
                                + token.getJsonNumber("id").longValue() + "/deactivate",
                        Json.createObjectBuilder().build());
        assertEquals(200, deactivated.status(), deactivated.body());
        assertEquals(false, deactivated.data().getJsonObject("token").getBoolean("active"));
        assertEquals(401, second.get(PERMISSIONS).status());
        assertEquals(200, customer.api().get(PERMISSIONS).status(), "the account's other token still works");
    }

    @Test
    void expiredTokenIsRefused() throws InterruptedException {
        Api.Customer customer = Api.at(base).newCustomer();
        String soon = LocalDateTime.now(ZoneOffset.UTC)
                .plusSeconds(3)
                .format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss"));
        Api.Response created = customer.api()
                .json(
                        "POST",
                        "/api/v1/account/users/tokens/create",
                        Json.createObjectBuilder().add("valid_until", soon).build());
        assertEquals(201, created.status(), created.body());
        assertEquals(soon, created.data().getJsonObject("token").getString("valid_until"));
        Api shortLived =
                Api.at(base).withToken(created.data().getJsonObject("token").getString("token"));
        assertEquals(200, shortLived.get(PERMISSIONS).status());
        Thread.sleep(4500);
        assertEquals(401, shortLived.get(PERMISSIONS).status());

        Api.Response past = customer.api()
                .json(
                        "POST",
                        "/api/v1/account/users/tokens/create",
                        Json.createObjectBuilder()
                                .add("valid_until", "2020-01-01 00:00:00")
                                .build());
        assertEquals(422, past.status());
        assertEquals(List.of("valid_until"), past.errorFields());
    }

    @Test
    void revokingAUsersRightTakesItFromItsTokens() {
        Api.Customer customer = Api.at(base).newCustomer();
        String bob = "bob" + customer.username();
        assertEquals(
                201,
                customer.api()
                        .json(
                                "POST",
                                "/api/v1/account/users/create",
                                Json.createObjectBuilder()
                                        .add("username", bob)
                                        .add("email", bob + "@example.com")
                                        .build())
                        .status());
        Api.Response granted = customer.api()
                .json(
                        "PUT",
                        "/api/v1/account/permissions/update",
                        Json.createObjectBuilder()
                                .add("user", bob)
                                .add(
                                        "permissions",
                                        Json.createArrayBuilder()
                                                .add("PROJECTS_LIST")
                                                .add("PROJECTS_CRUD"))
                                .build());
        assertEquals(200, granted.status(), granted.body());
        Api.Response issued = customer.api()
                .json(
                        "POST",
                        "/api/v1/account/users/tokens/create",
                        Json.createObjectBuilder().add("user", bob).build());
        assertEquals(201, issued.status(), issued.body());
        Set<String> tokenRights =
                issued.data().getJsonObject("token").getJsonArray("rights").getValuesAs(JsonString.class).stream()
                        .map(JsonString::getString)
                        .collect(Collectors.toSet());
        assertEquals(
                Set.of("PROJECTS_LIST", "PROJECTS_CRUD"),
                tokenRights,
                "defaults to the caller's rights that bob holds");
        Api bobsApi =
                Api.at(base).withToken(issued.data().getJsonObject("token").getString("token"));
        assertEquals(
                201,
                bobsApi.json(
                                "POST",
                                "/api/v1/projects/create",
                                Json.createObjectBuilder().add("name", "p").build())
                        .status());

        Api.Response revoked = customer.api()
                .json(
                        "PUT",
                        "/api/v1/account/permissions/update",
                        Json.createObjectBuilder()
                                .add("user", bob)
                                .add("permissions", Json.createArrayBuilder().add("PROJECTS_LIST"))
                                .build());
        assertEquals(200, revoked.status(), revoked.body());
        assertEquals(
                403,
                bobsApi.json(
                                "POST",
                                "/api/v1/projects/create",
                                Json.createObjectBuilder().add("name", "p").build())
                        .status());
        assertEquals(200, bobsApi.get("/api/v1/projects").status());
        assertEquals(403, bobsApi.get("/api/v1/account/users").status(), "bob never held ACCOUNT_USERS_LIST");
    }

    /**
     * Behind a reverse proxy every customer shares one peer address: failures count per client
     * address (X-Forwarded-For from 127.0.0.1, the trusted proxy of the tests), and past the limit
     * only further failures are refused, never a valid token.
     */
    @Test
    @Order(Integer.MAX_VALUE - 1)
    void failuresFromOneAddressRefuseFurtherFailuresButNotValidTokens() throws Exception {
        String address = "198.51.100.7";
        for (int i = 1; i <= 20; i++) {
            Api.Response failed = viaProxy(address, "wrong-token-guess-" + i);
            assertEquals(401, failed.status(), "failure " + i + " of the 20 a minute: " + failed.body());
            assertEquals(List.of(4011), failed.errorCodes());
        }
        Api.Response refused = viaProxy(address, "wrong-token-guess-21");
        assertTooManyFailures(refused);

        Api.Response valid = viaProxy(address, Api.OPERATOR_TOKEN);
        assertEquals(200, valid.status(), "a valid token from the same address still works: " + valid.body());
        Api.Response customer = viaProxy(
                address,
                Api.at(base).newCustomer().created().getJsonObject("token").getString("token"));
        assertEquals(200, customer.status(), "another customer behind the same proxy too: " + customer.body());
        assertTooManyFailures(viaProxy(address, "wrong-token-guess-22"));

        Api.Response neighbour = viaProxy("198.51.100.8", "wrong-token-guess");
        assertEquals(
                401, neighbour.status(), "another client behind the same proxy is not affected: " + neighbour.body());
        Api.Response direct = Api.at(base).withToken("wrong-token-guess").get(PERMISSIONS);
        assertEquals(401, direct.status(), "nor one that is not behind it: " + direct.body());
    }

    /**
     * Guesses spread over many addresses meet the limit across all addresses
     * (AUTH_FAILURES_PER_MINUTE_GLOBAL, 100 in the tests): then every further failure is 429,
     * from any address, while valid tokens keep working.
     */
    @Test
    @Order(Integer.MAX_VALUE)
    void failuresFromManyAddressesMeetTheGlobalLimit() throws Exception {
        int failed = 0;
        Api.Response answer = null;
        // Five failures per address, far below the 20 of one address.
        outer:
        for (int host = 1; host <= 40; host++) {
            for (int i = 0; i < 5; i++) {
                answer = viaProxy("203.0.113." + host, "wrong-token-guess-" + host + "-" + i);
                if (answer.status() != 401) {
                    break outer;
                }
                failed++;
            }
        }
        // Earlier tests of this class failed a few dozen times within the minute; the limit is 100.
        assertTrue(failed > 50 && failed <= 100, "401s before the global limit: " + failed);
        assertTooManyFailures(answer);
        assertTooManyFailures(viaProxy("192.0.2.200", "wrong-token-guess"));

        assertEquals(200, viaProxy("192.0.2.201", Api.OPERATOR_TOKEN).status(), "valid tokens keep working");
        assertEquals(200, Api.at(base).asOperator().get(PERMISSIONS).status(), "valid tokens keep working");
    }

    /** Through the trusted proxy (127.0.0.1, pom.xml), for the client {@code address}. */
    private Api.Response viaProxy(String address, String token) throws Exception {
        return Api.at(new URL("http", "127.0.0.1", base.getPort(), "/"))
                .withToken(token)
                .send("GET", PERMISSIONS, null, null, Map.of("X-Forwarded-For", address));
    }

    private static void assertTooManyFailures(Api.Response response) {
        assertEquals(429, response.status(), response.body());
        assertEquals(List.of(4291), response.errorCodes());
        long retryAfter = Long.parseLong(response.header("Retry-After"));
        assertTrue(retryAfter >= 1 && retryAfter <= 60, "Retry-After " + retryAfter);
    }

    private String createToken(Api api, String rightsJsonArray) {
        Api.Response created = api.send(
                "POST",
                "/api/v1/account/users/tokens/create",
                "application/json",
                "{\"rights\":" + rightsJsonArray + "}",
                Map.of());
        assertEquals(201, created.status(), created.body());
        return created.data().getJsonObject("token").getString("token");
    }

    private static Set<String> keys(JsonObject data) {
        return data.getJsonArray("permissions").getValuesAs(JsonObject.class).stream()
                .map(p -> p.getString("key"))
                .collect(Collectors.toSet());
    }
}
