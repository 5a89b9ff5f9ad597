package net.hostingapi.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.net.URL;
import java.util.List;
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

/** The envelope (api.md, The envelope) on success and on every kind of error. */
@ServiceTest
@RunAsClient
class EnvelopeIT {

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.service();
    }

    @ArquillianResource
    URL base;

    @Test
    void successEnvelopeHasEveryMemberAndTheRequestId() {
        Api.Response response = Api.at(base).asOperator().get("/api/v1/account/permissions");
        assertEquals(200, response.status());
        assertEquals(
                "application/json; charset=utf-8",
                response.header("Content-Type").toLowerCase());
        JsonObject envelope = response.envelope();
        assertEquals(Set.of("metadata", "status", "messages", "data"), envelope.keySet());
        assertEquals("success", envelope.getString("status"));
        JsonObject metadata = envelope.getJsonObject("metadata");
        assertTrue(metadata.isNull("clientTransactionId"));
        String requestId = metadata.getString("serverTransactionId");
        UUID.fromString(requestId);
        assertEquals(requestId, response.header("X-Request-Id"));
        JsonObject messages = envelope.getJsonObject("messages");
        assertEquals(Set.of("errors", "warnings", "success"), messages.keySet());
        assertEquals(2000, messages.getJsonArray("success").getJsonObject(0).getInt("code"));
        assertTrue(messages.getJsonArray("errors").isEmpty());
    }

    @Test
    void everyRequestGetsItsOwnId() {
        Api api = Api.at(base).asOperator();
        assertFalse(api.get("/api/v1/account/permissions")
                .header("X-Request-Id")
                .equals(api.get("/api/v1/account/permissions").header("X-Request-Id")));
    }

    @Test
    void clientTransactionIdIsEchoedFromParameterOrHeader() {
        Api api = Api.at(base).asOperator();
        Api.Response byParameter = api.get("/api/v1/account/permissions?clientTransactionId=abc-123");
        assertEquals("abc-123", byParameter.envelope().getJsonObject("metadata").getString("clientTransactionId"));
        assertTrue(
                byParameter
                        .envelope()
                        .getJsonObject("messages")
                        .getJsonArray("warnings")
                        .isEmpty(),
                "clientTransactionId is no unknown parameter");
        Api.Response byHeader =
                api.send("GET", "/api/v1/account/permissions", null, null, Map.of("X-Client-Transaction-Id", "hdr-9"));
        assertEquals("hdr-9", byHeader.envelope().getJsonObject("metadata").getString("clientTransactionId"));
        Api.Response onError = Api.at(base).get("/api/v1/account/permissions?clientTransactionId=err-1");
        assertEquals("err-1", onError.envelope().getJsonObject("metadata").getString("clientTransactionId"));
    }

    @Test
    void unknownPathIs404InTheEnvelope() {
        Api.Response response = Api.at(base).asOperator().get("/api/v1/no/such/thing");
        assertError(response, 404, 4041);
    }

    @Test
    void wrongMethodIs405InTheEnvelope() {
        Api.Response response =
                Api.at(base).asOperator().send("DELETE", "/api/v1/account/permissions", null, null, Map.of());
        assertError(response, 405, 4050);
        assertNotNull(response.header("Allow"));
    }

    @Test
    void repeatedAndTrailingSlashesAreTolerated() {
        Api api = Api.at(base).asOperator();
        assertEquals(200, api.get("/api/v1//account/permissions/").status());
        assertEquals(200, api.get("/api/v1/account//permissions").status());
    }

    @Test
    void malformedJsonIs400() {
        Api.Response response = Api.at(base)
                .asOperator()
                .send("POST", "/api/v1/projects/create", "application/json", "{\"name\": ", Map.of());
        assertError(response, 400, 4001);
        Api.Response array = Api.at(base)
                .asOperator()
                .send("POST", "/api/v1/projects/create", "application/json", "[1,2]", Map.of());
        assertError(array, 400, 4001);
    }

    @Test
    void bodyOverOneMebibyteIs413() {
        byte[] body = ("name=" + "x".repeat(1024 * 1024)).getBytes();
        Api.Response response = Api.at(base)
                .asOperator()
                .sendBytes("POST", "/api/v1/projects/create", "application/x-www-form-urlencoded", body, Map.of());
        assertError(response, 413, 4130);
    }

    @Test
    void unsupportedBodyFormatIs415() {
        Api.Response response =
                Api.at(base).asOperator().send("POST", "/api/v1/projects/create", "text/csv", "name,x", Map.of());
        assertError(response, 415, 4150);
    }

    @Test
    void validationFailureListsEveryViolatedField() {
        Api.Response response = Api.at(base)
                .asOperator()
                .json(
                        "POST",
                        "/api/v1/account/users/create",
                        Json.createObjectBuilder()
                                .add("username", "a b")
                                .add("email", "not-an-address")
                                .build());
        assertError(response, 422, null);
        assertEquals(Set.of("username", "email"), Set.copyOf(response.errorFields()));
        Api.Response missing = Api.at(base)
                .asOperator()
                .json(
                        "POST",
                        "/api/v1/account/users/create",
                        Json.createObjectBuilder().build());
        assertEquals(List.of(4221, 4221), missing.errorCodes());
    }

    @Test
    void takenNameIs409() {
        Api.Customer customer = Api.at(base).newCustomer();
        Api.Response again = Api.at(base)
                .asOperator()
                .json(
                        "POST",
                        "/api/v1/customers/create",
                        Json.createObjectBuilder()
                                .add("username", customer.username())
                                .add("email", "x@example.com")
                                .build());
        assertError(again, 409, 4091);
    }

    @Test
    void unknownParametersAreNamedInWarnings() {
        Api.Customer customer = Api.at(base).newCustomer();
        Api.Response response = customer.api()
                .json(
                        "POST",
                        "/api/v1/projects/create",
                        Json.createObjectBuilder()
                                .add("name", "p")
                                .add("colour", "blue")
                                .build());
        assertEquals(201, response.status(), response.body());
        assertEquals(List.of("colour"), response.warningFields());
        assertEquals(
                3000,
                response.envelope()
                        .getJsonObject("messages")
                        .getJsonArray("warnings")
                        .getJsonObject(0)
                        .getInt("code"));
    }

    @Test
    void controlCharactersAreRefused() {
        Api.Customer customer = Api.at(base).newCustomer();
        Api.Response response = customer.api()
                .json(
                        "POST",
                        "/api/v1/projects/create",
                        Json.createObjectBuilder().add("name", "line\nbreak").build());
        assertError(response, 422, 4222);
        assertEquals(List.of("name"), response.errorFields());
    }

    private static void assertError(Api.Response response, int status, Integer code) {
        assertEquals(status, response.status(), response.body());
        assertEquals(
                "application/json; charset=utf-8",
                response.header("Content-Type").toLowerCase());
        JsonObject envelope = response.envelope();
        assertEquals("error", envelope.getString("status"));
        assertTrue(envelope.isNull("data"));
        assertNotNull(envelope.getJsonObject("metadata").getString("serverTransactionId"));
        assertFalse(envelope.getJsonObject("messages").getJsonArray("errors").isEmpty());
        if (code != null) {
            assertEquals(code, response.errorCodes().get(0));
        }
        NoInternals.assertNone(response.body());
    }
}
