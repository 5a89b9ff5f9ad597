package net.hostingapi.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.net.URL;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
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
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** api.md, Parameters, over HTTP: every parameter source and body format, for every method. */
@ServiceTest
@RunAsClient
class ParameterBindingIT {

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.service();
    }

    @ArquillianResource
    URL base;

    Api api;

    @BeforeEach
    void newCustomer() {
        api = Api.at(base).newCustomer().api();
    }

    @Test
    void jsonBody() {
        Api.Response created = api.json(
                "POST",
                "/api/v1/projects/create",
                Json.createObjectBuilder().add("name", "json").build());
        assertEquals(201, created.status(), created.body());
        assertEquals("json", created.data().getJsonObject("project").getString("name"));
    }

    @Test
    void urlEncodedFormBodyInUtf8() {
        Api.Response created = api.form(
                "POST",
                "/api/v1/projects/create",
                "name=" + URLEncoder.encode("Müller & Söhne", StandardCharsets.UTF_8));
        assertEquals(201, created.status(), created.body());
        assertEquals("Müller & Söhne", created.data().getJsonObject("project").getString("name"));
    }

    @Test
    void multipartFormBody() {
        String boundary = "----b0undary";
        String body = "--" + boundary + "\r\n"
                + "Content-Disposition: form-data; name=\"name\"\r\n\r\n"
                + "multi part\r\n"
                + "--" + boundary + "--\r\n";
        Api.Response created = api.send(
                "POST", "/api/v1/projects/create", "multipart/form-data; boundary=" + boundary, body, Map.of());
        assertEquals(201, created.status(), created.body());
        assertEquals("multi part", created.data().getJsonObject("project").getString("name"));
    }

    @Test
    void queryStringOnAPostAndTheBodyWinsOnConflict() {
        Api.Response fromQuery = api.send("POST", "/api/v1/projects/create?name=fromquery", null, null, Map.of());
        assertEquals(201, fromQuery.status(), fromQuery.body());
        assertEquals("fromquery", fromQuery.data().getJsonObject("project").getString("name"));
        Api.Response both = api.json(
                "POST",
                "/api/v1/projects/create?name=fromquery",
                Json.createObjectBuilder().add("name", "frombody").build());
        assertEquals("frombody", both.data().getJsonObject("project").getString("name"));
    }

    @Test
    void bodyWithoutContentTypeIsSniffed() {
        Api.Response json = api.send("POST", "/api/v1/projects/create", null, "{\"name\":\"sniffed-json\"}", Map.of());
        assertEquals(201, json.status(), json.body());
        assertEquals("sniffed-json", json.data().getJsonObject("project").getString("name"));
        Api.Response form = api.send("POST", "/api/v1/projects/create", null, "name=sniffed-form", Map.of());
        assertEquals(201, form.status(), form.body());
        assertEquals("sniffed-form", form.data().getJsonObject("project").getString("name"));
    }

    @Test
    void getWithAJsonBody() {
        String uuid = createProject("shown");
        Api.Response shown = api.send(
                "GET", "/api/v1/projects/show", "application/json", "{\"project_uuid\":\"" + uuid + "\"}", Map.of());
        assertEquals(200, shown.status(), shown.body());
        assertEquals("shown", shown.data().getJsonObject("project").getString("name"));
        Api.Response byQuery = api.get("/api/v1/projects/show?project_uuid=" + uuid);
        assertEquals(200, byQuery.status(), byQuery.body());
    }

    @Test
    void deleteWithAFormBody() {
        String uuid = createProject("doomed");
        Api.Response deleted = api.form("DELETE", "/api/v1/projects/delete", "project_uuid=" + uuid);
        assertEquals(200, deleted.status(), deleted.body());
        assertEquals(404, api.get("/api/v1/projects/show?project_uuid=" + uuid).status());
    }

    @Test
    void phpStyleBracketListsInForms() {
        Api.Response appended = api.form(
                "POST", "/api/v1/account/users/tokens/create", "rights[]=PROJECTS_LIST&rights[]=DNS_ZONES_LIST");
        assertEquals(201, appended.status(), appended.body());
        assertEquals(
                Set.of("PROJECTS_LIST", "DNS_ZONES_LIST"),
                rights(appended.data().getJsonObject("token")));
        Api.Response indexed = api.form(
                "POST",
                "/api/v1/account/users/tokens/create",
                "rights%5B1%5D=PROJECTS_CRUD&rights%5B0%5D=DNS_ZONES_CRUD");
        assertEquals(201, indexed.status(), indexed.body());
        assertEquals(
                Set.of("PROJECTS_CRUD", "DNS_ZONES_CRUD"), rights(indexed.data().getJsonObject("token")));
    }

    @Test
    void emptyStringMeansAbsent() {
        Api.Response created = api.json(
                "POST",
                "/api/v1/account/users/tokens/create",
                Json.createObjectBuilder()
                        .add("user", "")
                        .add("valid_until", "")
                        .build());
        assertEquals(201, created.status(), created.body());
        assertTrue(created.data().getJsonObject("token").isNull("valid_until"));
        Api.Response required = api.json(
                "POST",
                "/api/v1/projects/create",
                Json.createObjectBuilder().add("name", "").build());
        assertEquals(422, required.status());
        assertEquals(List.of("name"), required.errorFields());
    }

    @Test
    void jsonNullMeansAbsentForOrdinaryFields() {
        Api.Response created = api.json(
                "POST",
                "/api/v1/account/users/tokens/create",
                Json.createObjectBuilder()
                        .addNull("valid_until")
                        .addNull("rights")
                        .build());
        assertEquals(201, created.status(), created.body());
    }

    @Test
    void wrongShapesAreNamed() {
        Api.Response response = api.json(
                "POST",
                "/api/v1/account/users/tokens/create",
                Json.createObjectBuilder()
                        .add("rights", "DNS_ZONES_LIST")
                        .add("valid_until", "tomorrow")
                        .build());
        assertEquals(422, response.status(), response.body());
        assertEquals(Set.of("rights", "valid_until"), Set.copyOf(response.errorFields()));
        Api.Response badRight = api.json(
                "POST",
                "/api/v1/account/users/tokens/create",
                Json.createObjectBuilder()
                        .add(
                                "rights",
                                Json.createArrayBuilder().add("PROJECTS_LIST").add("NO_SUCH_RIGHT"))
                        .build());
        assertEquals(422, badRight.status());
        assertEquals(List.of("rights[1]"), badRight.errorFields());
    }

    private String createProject(String name) {
        Api.Response created = api.json(
                "POST",
                "/api/v1/projects/create",
                Json.createObjectBuilder().add("name", name).build());
        assertEquals(201, created.status(), created.body());
        return created.data().getJsonObject("project").getString("uuid");
    }

    private static Set<String> rights(JsonObject token) {
        return token.getJsonArray("rights").getValuesAs(JsonString.class).stream()
                .map(JsonString::getString)
                .collect(Collectors.toSet());
    }
}
