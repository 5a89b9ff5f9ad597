package net.hostingapi.accounts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.net.URL;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import net.hostingapi.support.Api;
import net.hostingapi.support.Deployments;
import net.hostingapi.support.ServerLog;
import net.hostingapi.support.ServiceTest;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;

/** Users, projects, tokens, permissions and customers, and the wall between accounts. */
@ServiceTest
@RunAsClient
class AccountsIT {

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.service();
    }

    @ArquillianResource
    URL base;

    @Test
    void customerCreationGivesAnOwnerAndATokenWithEveryCustomerRight() {
        Api.Customer customer = Api.at(base).newCustomer();
        JsonObject owner = customer.created().getJsonObject("customer").getJsonObject("user");
        assertEquals(customer.username(), owner.getString("username"));
        assertTrue(owner.getBoolean("owner"));
        Set<String> rights = strings(customer.created().getJsonObject("token"), "rights");
        assertTrue(
                rights.containsAll(Set.of("DNS_ZONES_LIST", "DNS_ZONES_CRUD", "PROJECTS_CRUD", "ACCOUNT_TOKENS_CRUD")));
        assertFalse(rights.contains("CUSTOMERS_CREATE"), "operator rights stay with the operator");
    }

    @Test
    void onlyTheOperatorCreatesCustomers() {
        Api.Customer customer = Api.at(base).newCustomer();
        Api.Response refused = customer.api()
                .json(
                        "POST",
                        "/api/v1/customers/create",
                        Json.createObjectBuilder()
                                .add("username", "sneaky" + customer.username())
                                .add("email", "s@example.com")
                                .build());
        assertEquals(403, refused.status(), refused.body());
        assertTrue(refused.body().contains("CUSTOMERS_CREATE"));
    }

    @Test
    void usersAreCreatedListedAndShown() {
        Api.Customer customer = Api.at(base).newCustomer();
        String alice = "alice" + customer.username();
        Api.Response created = customer.api()
                .json(
                        "POST",
                        "/api/v1/account/users/create",
                        Json.createObjectBuilder()
                                .add("username", alice)
                                .add("email", "alice@example.com")
                                .build());
        assertEquals(201, created.status(), created.body());
        JsonObject user = created.data().getJsonObject("user");
        assertEquals(alice, user.getString("username"));
        assertTrue(user.getJsonArray("rights").isEmpty(), "a new user holds no rights");
        assertTrue(user.getString("created_at").matches("\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}"));
        List<String> listed =
                customer
                        .api()
                        .get("/api/v1/account/users")
                        .data()
                        .getJsonArray("users")
                        .getValuesAs(JsonObject.class)
                        .stream()
                        .map(u -> u.getString("username"))
                        .toList();
        assertEquals(Set.of(customer.username(), alice), Set.copyOf(listed));
        assertEquals(
                "alice@example.com",
                customer.api()
                        .get("/api/v1/account/users/" + alice)
                        .data()
                        .getJsonObject("user")
                        .getString("email"));
        assertEquals(
                409,
                customer.api()
                        .json(
                                "POST",
                                "/api/v1/account/users/create",
                                Json.createObjectBuilder()
                                        .add("username", alice)
                                        .add("email", "a@example.com")
                                        .build())
                        .status());
    }

    @Test
    void projectsAreCreatedListedShownAndDeleted() {
        Api api = Api.at(base).newCustomer().api();
        Api.Response created = api.json(
                "POST",
                "/api/v1/projects/create",
                Json.createObjectBuilder().add("name", "Web shop").build());
        assertEquals(201, created.status(), created.body());
        String uuid = created.data().getJsonObject("project").getString("uuid");
        assertTrue(uuid.matches("[0-9a-f-]{36}"));
        assertEquals(
                1, api.get("/api/v1/projects").data().getJsonArray("projects").size());
        assertEquals(
                "Web shop",
                api.get("/api/v1/projects/show?project_uuid=" + uuid)
                        .data()
                        .getJsonObject("project")
                        .getString("name"));
        assertEquals(
                200,
                api.json(
                                "DELETE",
                                "/api/v1/projects/delete",
                                Json.createObjectBuilder()
                                        .add("project_uuid", uuid)
                                        .build())
                        .status());
        assertEquals(
                0, api.get("/api/v1/projects").data().getJsonArray("projects").size());
        assertEquals(404, api.get("/api/v1/projects/show?project_uuid=" + uuid).status());
    }

    @Test
    void tokenTextIsShownOnceAndNeverAgain() {
        Api.Customer customer = Api.at(base).newCustomer();
        Api.Response created = customer.api()
                .json(
                        "POST",
                        "/api/v1/account/users/tokens/create",
                        Json.createObjectBuilder()
                                .add("rights", Json.createArrayBuilder().add("DNS_ZONES_LIST"))
                                .build());
        assertEquals(201, created.status(), created.body());
        JsonObject token = created.data().getJsonObject("token");
        String text = token.getString("token");
        assertTrue(text.length() >= 43, "32 random bytes, base64url");
        long id = token.getJsonNumber("id").longValue();
        Api.Response listed = customer.api().get("/api/v1/account/users/tokens/tokens");
        assertEquals(200, listed.status(), listed.body());
        assertEquals(2, listed.data().getJsonArray("tokens").size());
        assertFalse(listed.body().contains(text));
        Api.Response shown = customer.api().get("/api/v1/account/users/tokens/" + id);
        assertEquals(200, shown.status());
        assertFalse(shown.data().getJsonObject("token").containsKey("token"));
        assertEquals(Set.of("DNS_ZONES_LIST"), strings(shown.data().getJsonObject("token"), "rights"));
        assertNotEquals(text, customer.created().getJsonObject("token").getString("token"));
    }

    @Test
    void tokensAreShownAndDeactivatedByTheirTextAsByTheirId() {
        Api.Customer customer = Api.at(base).newCustomer();
        Api.Response created = customer.api()
                .json(
                        "POST",
                        "/api/v1/account/users/tokens/create",
                        Json.createObjectBuilder()
                                .add("rights", Json.createArrayBuilder().add("DNS_ZONES_LIST"))
                                .build());
        String text = created.data().getJsonObject("token").getString("token");
        long id = created.data().getJsonObject("token").getJsonNumber("id").longValue();
        Api.Response byText = customer.api().get("/api/v1/account/users/tokens/" + text);
        assertEquals(200, byText.status(), byText.body());
        assertEquals(customer.api().get("/api/v1/account/users/tokens/" + id).data(), byText.data(), "the same token");
        assertFalse(byText.body().contains(text), "the answer does not repeat the text");
        String logged = ServerLog.requestLine(byText.header("X-Request-Id"));
        assertFalse(logged.contains(text), "the request log writes the segment as *: " + logged);

        Api.Response otherAccount = Api.at(base).newCustomer().api().get("/api/v1/account/users/tokens/" + text);
        assertNotFound(otherAccount);
        assertNotFound(customer.api().get("/api/v1/account/users/tokens/" + text.substring(1) + "A"));
        assertNotFound(customer.api().get("/api/v1/account/users/tokens/abc"));

        Api.Response off = customer.api()
                .json(
                        "POST",
                        "/api/v1/account/users/tokens/" + text + "/deactivate",
                        Json.createObjectBuilder().build());
        assertEquals(200, off.status(), off.body());
        assertFalse(off.data().getJsonObject("token").getBoolean("active"));
        assertEquals(401, Api.at(base).withToken(text).get("/api/v1/dns/zones").status(), "deactivated at once");
    }

    @Test
    void permissionCategoriesAreTheClientsUpperCaseNames() {
        Api.Response listed = Api.at(base).asOperator().get("/api/v1/account/permissions");
        assertEquals(200, listed.status(), listed.body());
        Set<String> known =
                Set.of("ACCOUNT", "DOMAINS", "ACCOUNTING", "SUPPORT", "MISC", "SSL_CERTIFICATES", "COLOCATION");
        for (JsonObject permission : listed.data().getJsonArray("permissions").getValuesAs(JsonObject.class)) {
            assertTrue(known.contains(permission.getString("category")), permission.toString());
            if (permission.getString("key").startsWith("DNS_")) {
                assertEquals("DOMAINS", permission.getString("category"), permission.toString());
            }
        }
    }

    @Test
    void tokenRightsAreAtMostTheCallersOwn() {
        Api.Customer customer = Api.at(base).newCustomer();
        Api.Response limited = customer.api()
                .json(
                        "POST",
                        "/api/v1/account/users/tokens/create",
                        Json.createObjectBuilder()
                                .add("rights", Json.createArrayBuilder().add("ACCOUNT_TOKENS_CRUD"))
                                .build());
        Api limitedApi =
                Api.at(base).withToken(limited.data().getJsonObject("token").getString("token"));
        Api.Response escalation = limitedApi.json(
                "POST",
                "/api/v1/account/users/tokens/create",
                Json.createObjectBuilder()
                        .add(
                                "rights",
                                Json.createArrayBuilder()
                                        .add("ACCOUNT_TOKENS_CRUD")
                                        .add("DNS_ZONES_CRUD"))
                        .build());
        assertEquals(422, escalation.status(), escalation.body());
        assertEquals(List.of("rights[1]"), escalation.errorFields());
        Api.Response operatorRight = customer.api()
                .json(
                        "POST",
                        "/api/v1/account/users/tokens/create",
                        Json.createObjectBuilder()
                                .add("rights", Json.createArrayBuilder().add("CUSTOMERS_CREATE"))
                                .build());
        assertEquals(422, operatorRight.status());
    }

    @Test
    void permissionsAreGrantedOnlyFromOnesOwn() {
        Api.Customer customer = Api.at(base).newCustomer();
        String carol = "carol" + customer.username();
        customer.api()
                .json(
                        "POST",
                        "/api/v1/account/users/create",
                        Json.createObjectBuilder()
                                .add("username", carol)
                                .add("email", "carol@example.com")
                                .build());
        Api.Response operatorOnly = customer.api()
                .json(
                        "PUT",
                        "/api/v1/account/permissions/update",
                        Json.createObjectBuilder()
                                .add("user", carol)
                                .add("permissions", Json.createArrayBuilder().add("CUSTOMERS_CREATE"))
                                .build());
        assertEquals(422, operatorOnly.status(), operatorOnly.body());
        assertEquals(List.of("permissions[0]"), operatorOnly.errorFields());
        Api.Response granted = customer.api()
                .json(
                        "PUT",
                        "/api/v1/account/permissions/update",
                        Json.createObjectBuilder()
                                .add("user", carol)
                                .add("permissions", Json.createArrayBuilder().add("DNS_ZONES_LIST"))
                                .build());
        assertEquals(Set.of("DNS_ZONES_LIST"), strings(granted.data().getJsonObject("user"), "rights"));
    }

    @Test
    void anotherAccountsObjectsDoNotExist() {
        Api.Customer first = Api.at(base).newCustomer();
        Api.Customer second = Api.at(base).newCustomer();
        String uuid = first.api()
                .json(
                        "POST",
                        "/api/v1/projects/create",
                        Json.createObjectBuilder().add("name", "mine").build())
                .data()
                .getJsonObject("project")
                .getString("uuid");
        long tokenId =
                first.created().getJsonObject("token").getJsonNumber("id").longValue();

        assertNotFound(second.api().get("/api/v1/projects/show?project_uuid=" + uuid));
        assertNotFound(second.api()
                .json(
                        "DELETE",
                        "/api/v1/projects/delete",
                        Json.createObjectBuilder().add("project_uuid", uuid).build()));
        assertNotFound(second.api().get("/api/v1/account/users/" + first.username()));
        assertNotFound(second.api().get("/api/v1/account/users/tokens/" + tokenId));
        assertNotFound(second.api()
                .json(
                        "POST",
                        "/api/v1/account/users/tokens/" + tokenId + "/deactivate",
                        Json.createObjectBuilder().build()));
        assertNotFound(second.api()
                .json(
                        "PUT",
                        "/api/v1/account/permissions/update",
                        Json.createObjectBuilder()
                                .add("user", first.username())
                                .add("permissions", Json.createArrayBuilder())
                                .build()));
        assertEquals(
                0,
                second.api()
                        .get("/api/v1/projects")
                        .data()
                        .getJsonArray("projects")
                        .size());
        assertEquals(
                1,
                second.api()
                        .get("/api/v1/account/users")
                        .data()
                        .getJsonArray("users")
                        .size());

        assertEquals(
                200,
                first.api().get("/api/v1/projects/show?project_uuid=" + uuid).status(),
                "still there for its owner");
        assertEquals(
                200,
                first.api().get("/api/v1/account/permissions").status(),
                "token not deactivated by the other account");
    }

    @Test
    void operatorHoldsTheOperatorRight() {
        Api.Response assigned = Api.at(base).asOperator().get("/api/v1/account/permissions/assigned");
        assertEquals(200, assigned.status());
        assertEquals("operator", assigned.data().getString("user"));
        assertTrue(assigned.data().getJsonArray("permissions").getValuesAs(JsonObject.class).stream()
                .anyMatch(p -> p.getString("key").equals("CUSTOMERS_CREATE")));
    }

    private static void assertNotFound(Api.Response response) {
        assertEquals(404, response.status(), response.body());
        assertEquals(4040, response.errorCodes().get(0));
    }

    private static Set<String> strings(JsonObject object, String name) {
        return object.getJsonArray(name).getValuesAs(JsonString.class).stream()
                .map(JsonString::getString)
                .collect(Collectors.toSet());
    }
}
