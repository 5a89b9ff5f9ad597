package net.hostingapi.forwarding;

import static net.hostingapi.zones.ZonesIT.record;
import static net.hostingapi.zones.ZonesIT.records;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import java.net.URL;
import java.util.Map;
import java.util.UUID;
import net.hostingapi.support.Api;
import net.hostingapi.support.Deployments;
import net.hostingapi.support.ServiceTest;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;

/** The web forwarder: requests for a host with HTTP_REDIRECT or HTTP_FRAME records. */
@ServiceTest
@RunAsClient
class WebForwardingIT {

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.service();
    }

    @ArquillianResource
    URL base;

    @Test
    void redirectFollowsTheRecordAndStopsWithIt() {
        Api api = Api.at(base).newCustomer().api();
        String zone = "w" + UUID.randomUUID().toString().replace("-", "").substring(0, 10) + ".test";
        api.json(
                "POST",
                "/api/v1/dns/zones/create",
                Json.createObjectBuilder().add("name", zone).build());
        Api plain = Api.at(base);
        assertNotEquals(301, get(plain, "www." + zone).status(), "nothing forwards yet");

        Api.Response added = api.json(
                "POST",
                "/api/v1/dns/zones/records/add",
                Json.createObjectBuilder()
                        .add("zone", zone)
                        .add(
                                "records",
                                records(record("www", "HTTP_REDIRECT", "https://example.org/landing?a=1&b=2", null)))
                        .build());
        assertEquals(200, added.status(), added.body());
        Api.Response redirected = get(plain, "www." + zone);
        assertEquals(301, redirected.status(), redirected.body());
        assertEquals("https://example.org/landing?a=1&b=2", redirected.header("Location"));
        assertEquals(
                301, get(plain, "WWW." + zone + ".").status(), "host names are case-insensitive, trailing dot allowed");

        api.json(
                "DELETE",
                "/api/v1/dns/zones/records/delete",
                Json.createObjectBuilder()
                        .add("zone", zone)
                        .add(
                                "records",
                                Json.createArrayBuilder()
                                        .add(Json.createObjectBuilder().add("name", "www")))
                        .build());
        assertNotEquals(301, get(plain, "www." + zone).status(), "the cache forgot it with the change");
    }

    @Test
    void frameShowsTheUrlEscaped() {
        Api api = Api.at(base).newCustomer().api();
        String zone = "f" + UUID.randomUUID().toString().replace("-", "").substring(0, 10) + ".test";
        Api.Response created = api.json(
                "POST",
                "/api/v1/dns/zones/create",
                Json.createObjectBuilder()
                        .add("name", zone)
                        .add(
                                "records",
                                records(
                                        record("@", "HTTP_FRAME", "https://example.org/?a=1&b='x'", null),
                                        record("*.shop", "HTTP_REDIRECT", "https://shop.example.org/", null)))
                        .build());
        assertEquals(201, created.status(), created.body());
        Api.Response markup = api.json(
                "POST",
                "/api/v1/dns/zones/records/add",
                Json.createObjectBuilder()
                        .add("zone", zone)
                        .add("records", records(record("x", "HTTP_FRAME", "https://example.org/\"><script>", null)))
                        .build());
        assertEquals(422, markup.status(), "no URL can carry markup: " + markup.body());
        Api.Response framed = get(Api.at(base), zone);
        assertEquals(200, framed.status(), framed.body());
        assertTrue(framed.header("Content-Type").startsWith("text/html"));
        assertTrue(framed.body().contains("<iframe src=\"https://example.org/?a=1&amp;b=&#39;x&#39;\""), framed.body());
        assertTrue(framed.body().contains("<title>" + zone + "</title>"));
        assertEquals(301, get(Api.at(base), "any.shop." + zone).status(), "wildcard");
    }

    @Test
    void apiRequestsAreNotForwarded() {
        assertEquals(
                200,
                Api.at(base).asOperator().get("/api/v1/account/permissions").status());
    }

    private static Api.Response get(Api api, String host) {
        return api.send("GET", "/", null, null, Map.of("Host", host));
    }
}
