package net.hostingapi.handles;

import static net.hostingapi.handles.HandleFixtures.person;
import static net.hostingapi.handles.HandleFixtures.uniqueEmail;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import net.hostingapi.support.Api;
import net.hostingapi.support.Deployments;
import net.hostingapi.support.ServiceTest;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Handles' entity tags (api.md, Conditional requests): show, 304, edit and delete with If-Match. */
@ServiceTest
@RunAsClient
class HandleConditionalWritesIT {

    private static final String HANDLES = "/api/v1/domain/handles";

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.service();
    }

    @ArquillianResource
    URL base;

    Api api;
    String handle;
    String email;

    @BeforeEach
    void handleOfANewCustomer() {
        api = Api.at(base).newCustomer().api();
        email = uniqueEmail();
        Api.Response created =
                api.json("POST", HANDLES + "/create", person(email).build());
        assertEquals(201, created.status(), created.body());
        handle = created.data().getJsonObject("handle").getString("handle");
        assertStrongTag(created.header("ETag"));
        assertEquals(created.header("ETag"), tag(), "the create's tag is the show's");
    }

    @Test
    void showCarriesATagAnd304WhenIfNoneMatchNamesIt() {
        String tag = tag();
        for (String header : List.of(tag, "W/" + tag, "\"x\", " + tag, "*")) {
            Api.Response notModified = show(Map.of("If-None-Match", header));
            assertEquals(304, notModified.status(), header + ": " + notModified.body());
            assertEquals("", notModified.body());
            assertEquals(tag, notModified.header("ETag"));
        }
        Api.Response edited = edit("Berlin", Map.of());
        assertEquals(200, edited.status(), edited.body());
        assertNotEquals(tag, edited.header("ETag"));
        assertEquals(edited.header("ETag"), tag(), "the edit's tag is the show's");
        Api.Response changed = show(Map.of("If-None-Match", tag));
        assertEquals(200, changed.status());
        assertEquals("Berlin", changed.data().getJsonObject("handle").getString("city"));
    }

    @Test
    void editWithAStaleTagIsRefusedAndChangesNothing() {
        String stale = tag();
        assertEquals(200, edit("Bonn", Map.of()).status());
        JsonObject before = shown();
        Api.Response refused = edit("Hamburg", Map.of("If-Match", stale));
        assertPreconditionFailed(refused, tag());
        assertEquals(before, shown(), "nothing changed");
        for (String header : List.of("W/" + tag(), "garbage")) {
            assertPreconditionFailed(edit("Hamburg", Map.of("If-Match", header)), tag());
        }
        assertEquals(before, shown());
    }

    @Test
    void editWithTheCurrentTagAStarOrAListIsDone() {
        Api.Response current = edit("Essen", Map.of("If-Match", tag()));
        assertEquals(200, current.status(), current.body());
        assertEquals("Essen", shown().getString("city"));
        Api.Response star = edit("Mainz", Map.of("If-Match", "*"));
        assertEquals(200, star.status(), star.body());
        Api.Response listed = edit("Trier", Map.of("If-Match", "\"old\", " + star.header("ETag")));
        assertEquals(200, listed.status(), listed.body());
        assertEquals("Trier", shown().getString("city"));
        assertEquals(200, edit("Ulm", Map.of()).status(), "without If-Match as before");
    }

    @Test
    void deleteWithAStaleTagKeepsTheHandleWithTheCurrentOneDeletesIt() {
        String stale = tag();
        assertEquals(200, edit("Kiel", Map.of()).status());
        Api.Response refused = delete(Map.of("If-Match", stale));
        assertPreconditionFailed(refused, tag());
        assertEquals("Kiel", shown().getString("city"), "still there");
        Api.Response deleted = delete(Map.of("If-Match", tag()));
        assertEquals(200, deleted.status(), deleted.body());
        assertNull(deleted.header("ETag"), "a delete answers no tag");
        assertEquals(404, show(Map.of()).status());
        assertEquals(404, delete(Map.of("If-Match", "*")).status(), "no handle: as without the header");
    }

    @Test
    void twoEditorsWithOneTagGetExactlyOneSuccessAndOne412() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            for (int round = 0; round < 5; round++) {
                String tag = tag();
                CyclicBarrier start = new CyclicBarrier(2);
                int r = round;
                // one of them changes the e-mail address in even rounds: the account's lock is taken too
                Future<Api.Response> first = pool.submit(() -> {
                    start.await();
                    return edit("First" + r, r % 2 == 0 ? uniqueEmail() : email, Map.of("If-Match", tag));
                });
                Future<Api.Response> second = pool.submit(() -> {
                    start.await();
                    return edit("Second" + r, email, Map.of("If-Match", tag));
                });
                List<Integer> statuses = new ArrayList<>(
                        List.of(first.get().status(), second.get().status()));
                statuses.sort(null);
                assertEquals(List.of(200, 412), statuses, "round " + r + ": " + first.get() + " / " + second.get());
                Api.Response winner = first.get().status() == 200 ? first.get() : second.get();
                assertEquals(
                        winner.data().getJsonObject("handle").getString("city"),
                        shown().getString("city"),
                        "the winner's change stands");
                email = shown().getString("email");
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private Api.Response edit(String city, Map<String, String> headers) {
        return edit(city, email, headers);
    }

    private Api.Response edit(String city, String address, Map<String, String> headers) {
        return api.send(
                "POST",
                HANDLES + "/edit",
                "application/json",
                Json.createObjectBuilder()
                        .add("handle", handle)
                        .add("street", "Heidestraße")
                        .add("number", "17b")
                        .add("postcode", "51147")
                        .add("city", city)
                        .add("region", "Nordrhein-Westfalen")
                        .add("country", "DE")
                        .add("email", address)
                        .add("phone", "+49.2211234567")
                        .build()
                        .toString(),
                headers);
    }

    private Api.Response delete(Map<String, String> headers) {
        return api.send(
                "DELETE",
                HANDLES + "/delete",
                "application/json",
                Json.createObjectBuilder().add("handle", handle).build().toString(),
                headers);
    }

    private Api.Response show(Map<String, String> headers) {
        return api.send("GET", HANDLES + "/show?handle=" + handle, null, null, headers);
    }

    private JsonObject shown() {
        Api.Response shown = show(Map.of());
        assertEquals(200, shown.status(), shown.body());
        return shown.data().getJsonObject("handle");
    }

    private String tag() {
        Api.Response shown = show(Map.of());
        assertEquals(200, shown.status(), shown.body());
        return shown.header("ETag");
    }

    private static void assertPreconditionFailed(Api.Response refused, String current) {
        assertEquals(412, refused.status(), refused.body());
        assertEquals(List.of(4120), refused.errorCodes());
        assertEquals(List.of("If-Match"), refused.errorFields());
        assertEquals(current, refused.header("ETag"));
        String message = refused.envelope()
                .getJsonObject("messages")
                .getJsonArray("errors")
                .getJsonObject(0)
                .getString("message");
        assertTrue(message.endsWith(current), message);
    }

    private static void assertStrongTag(String tag) {
        assertNotNull(tag, "an ETag header");
        assertTrue(tag.matches("\"[A-Za-z0-9_-]+\""), "a strong, quoted tag: " + tag);
    }
}
