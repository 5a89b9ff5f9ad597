package net.hostingapi.transfers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.net.URL;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import net.hostingapi.support.Api;
import net.hostingapi.support.Deployments;
import net.hostingapi.support.DnsTestZone;
import net.hostingapi.support.ServiceTest;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A zone's {@code secondaries[]} through the API: given at create and update, shown as stored
 * (the address canonical, port 53 unless given, the key's name), refused with a 422 naming the
 * entry and nothing stored, cleared with {@code []}, kept by an update without them; and neither
 * they nor the zone's change status exist for another account. The default execution allows
 * private addresses (SECONDARY_ALLOW_PRIVATE_ADDRESSES); their refusal is SecondaryRulesTest's.
 */
@ServiceTest
@RunAsClient
class SecondariesApiIT {

    private static final String ZONES = "/api/v1/dns/zones";

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.service();
    }

    @ArquillianResource
    URL base;

    private Api owner;

    @BeforeEach
    void newCustomer() {
        owner = Api.at(base).newCustomer().api();
    }

    private static String newName() {
        return "sa" + UUID.randomUUID().toString().replace("-", "").substring(0, 12) + ".example";
    }

    private static JsonObject secondary(String address, Integer port, String key) {
        JsonObjectBuilder secondary = Json.createObjectBuilder().add("address", address);
        if (port != null) {
            secondary.add("port", port);
        }
        if (key != null) {
            secondary.add("key", key);
        }
        return secondary.build();
    }

    private static JsonArray list(JsonObject... secondaries) {
        JsonArrayBuilder array = Json.createArrayBuilder();
        for (JsonObject secondary : secondaries) {
            array.add(secondary);
        }
        return array.build();
    }

    /** As the API answers a secondary: all three members, key null when none. */
    private static JsonObject shown(String address, int port, String key) {
        JsonObjectBuilder secondary =
                Json.createObjectBuilder().add("address", address).add("port", port);
        return (key == null ? secondary.addNull("key") : secondary.add("key", key)).build();
    }

    private Api.Response create(Api api, String name, JsonArray secondaries) {
        return api.json(
                "POST",
                ZONES + "/create",
                Json.createObjectBuilder()
                        .add("name", name)
                        .add("secondaries", secondaries)
                        .build());
    }

    private Api.Response update(Api api, String zone, JsonObjectBuilder fields) {
        return api.json("PUT", ZONES + "/update", fields.add("zone", zone).build());
    }

    private JsonObject show(Api api, String zone) {
        Api.Response shown = api.get(ZONES + "/show?zone=" + zone);
        assertEquals(200, shown.status(), shown.body());
        return shown.data().getJsonObject("zone");
    }

    private String keyName(Api api) {
        return DnsTestZone.newKeyToken(api, Json.createObjectBuilder())
                .getJsonObject("tsig")
                .getString("name");
    }

    @Test
    void secondariesRoundTripThroughCreateUpdateAndShow() {
        String key = keyName(owner);
        String zone = newName();
        Api.Response created = create(
                owner,
                zone,
                list(
                        secondary("2001:DB8:0:0::53", null, null),
                        // the key's name in any case, with the root's dot: stored as the key is named
                        secondary(" 192.0.2.7 ", 5353, key.toUpperCase(Locale.ROOT) + ".")));
        assertEquals(201, created.status(), created.body());
        JsonArray expected = list(shown("2001:db8::53", 53, null), shown("192.0.2.7", 5353, key));
        assertEquals(expected, created.data().getJsonObject("zone").getJsonArray("secondaries"));
        assertEquals(expected, show(owner, zone).getJsonArray("secondaries"));
        assertEquals(
                expected,
                owner.get(ZONES).data().getJsonArray("zones").getValuesAs(JsonObject.class).stream()
                        .filter(z -> z.getString("name").equals(zone))
                        .findFirst()
                        .orElseThrow()
                        .getJsonArray("secondaries"),
                "the list shows them too");

        // An update without the field keeps them (and still changes what it names).
        String serial = show(owner, zone).getString("serial");
        Api.Response ttl = update(owner, zone, Json.createObjectBuilder().add("ttl", 7200));
        assertEquals(200, ttl.status(), ttl.body());
        assertEquals(expected, ttl.data().getJsonObject("zone").getJsonArray("secondaries"));
        assertEquals(expected, show(owner, zone).getJsonArray("secondaries"));
        assertNotEquals(serial, show(owner, zone).getString("serial"));

        // Given, they replace all.
        Api.Response replaced = update(
                owner, zone, Json.createObjectBuilder().add("secondaries", list(secondary("198.51.100.9", 53, null))));
        assertEquals(200, replaced.status(), replaced.body());
        assertEquals(list(shown("198.51.100.9", 53, null)), show(owner, zone).getJsonArray("secondaries"));

        // [] clears them.
        Api.Response cleared = update(owner, zone, Json.createObjectBuilder().add("secondaries", list()));
        assertEquals(200, cleared.status(), cleared.body());
        assertEquals(list(), cleared.data().getJsonObject("zone").getJsonArray("secondaries"));
        assertEquals(list(), show(owner, zone).getJsonArray("secondaries"));

        // A zone created without them has none.
        String plain = newName();
        assertEquals(
                201,
                owner.json(
                                "POST",
                                ZONES + "/create",
                                Json.createObjectBuilder().add("name", plain).build())
                        .status());
        assertEquals(list(), show(owner, plain).getJsonArray("secondaries"));
    }

    @Test
    void badSecondariesAre422NamingTheEntryAndNothingIsStored() {
        Api other = Api.at(base).newCustomer().api();
        String othersKey = keyName(other);
        String key = keyName(owner);
        JsonObject good = secondary("192.0.2.1", null, null);
        JsonArrayBuilder eleven = Json.createArrayBuilder();
        for (int i = 1; i <= 11; i++) {
            eleven.add(secondary("192.0.2." + i, null, null));
        }
        record Bad(String what, JsonArray secondaries, String field) {}
        List<Bad> cases = List.of(
                new Bad("not an IP address", list(secondary("300.1.2.3", null, null)), "secondaries[0].address"),
                new Bad("a hostname", list(good, secondary("ns1.example.net", null, null)), "secondaries[1].address"),
                new Bad("IPv4 multicast", list(secondary("224.0.0.251", null, null)), "secondaries[0].address"),
                new Bad("IPv6 multicast", list(secondary("ff02::1", null, null)), "secondaries[0].address"),
                new Bad("the unspecified address", list(secondary("0.0.0.0", null, null)), "secondaries[0].address"),
                new Bad("port 0", list(secondary("192.0.2.2", 0, null)), "secondaries[0].port"),
                new Bad("port 70000", list(secondary("192.0.2.2", 70000, null)), "secondaries[0].port"),
                new Bad("an unknown key", list(secondary("192.0.2.2", null, "no-such-key.tsig")), "secondaries[0].key"),
                new Bad("another account's key", list(secondary("192.0.2.2", null, othersKey)), "secondaries[0].key"),
                new Bad("the same secondary twice", list(good, secondary("192.0.2.1", 53, key)), "secondaries[1]"),
                new Bad("more than ten", eleven.build(), "secondaries"),
                new Bad(
                        "an entry without address",
                        list(Json.createObjectBuilder().add("port", 53).build()),
                        "secondaries[0].address"));

        String existing = newName();
        assertEquals(
                201,
                create(owner, existing, list(secondary("192.0.2.99", null, null)))
                        .status());
        JsonObject before = show(owner, existing);
        for (Bad bad : cases) {
            String name = newName();
            Api.Response refused = create(owner, name, bad.secondaries());
            assertEquals(422, refused.status(), bad.what() + ": " + refused.body());
            assertEquals(List.of(bad.field()), refused.errorFields(), bad.what() + ": " + refused.body());
            assertEquals(404, owner.get(ZONES + "/show?zone=" + name).status(), bad.what() + ": nothing stored");

            Api.Response notUpdated =
                    update(owner, existing, Json.createObjectBuilder().add("secondaries", bad.secondaries()));
            assertEquals(422, notUpdated.status(), bad.what() + " (update): " + notUpdated.body());
            assertEquals(
                    List.of(bad.field()), notUpdated.errorFields(), bad.what() + " (update): " + notUpdated.body());
        }
        assertEquals(before, show(owner, existing), "no refused update changed the zone, its serial included");
    }

    @Test
    void anotherAccountNeitherSeesNorChangesSecondariesOrStatus() {
        String zone = newName();
        JsonArray secondaries = list(secondary("127.0.0.41", 5399, keyName(owner)));
        assertEquals(201, create(owner, zone, secondaries).status());
        JsonObject before = show(owner, zone);
        Api other = Api.at(base).newCustomer().api();

        Api.Response shown = other.get(ZONES + "/show?zone=" + zone);
        assertEquals(404, shown.status(), shown.body());
        assertFalse(shown.body().contains("127.0.0.41"), shown.body());
        Api.Response status = other.get(ZONES + "/status?zone=" + zone);
        assertEquals(404, status.status(), status.body());
        assertEquals(List.of(4040), status.errorCodes(), status.body());
        assertFalse(status.body().contains("127.0.0.41"), status.body());
        Api.Response changed = update(
                other, zone, Json.createObjectBuilder().add("secondaries", list(secondary("127.0.0.66", null, null))));
        assertEquals(404, changed.status(), changed.body());
        Api.Response cleared = update(other, zone, Json.createObjectBuilder().add("secondaries", list()));
        assertEquals(404, cleared.status(), cleared.body());
        assertEquals(before, show(owner, zone), "untouched");

        // Its own zone, with the same name spelled otherwise: still A's zone, still 404.
        assertEquals(
                404,
                other.get(ZONES + "/status?zone=" + zone.toUpperCase(Locale.ROOT) + ".")
                        .status());

        // A token of the owner limited to other zones: A's zone does not exist for it either.
        String elsewhere = newName();
        assertEquals(201, create(owner, elsewhere, list()).status());
        Api.Response limited = owner.json(
                "POST",
                "/api/v1/account/users/tokens/create",
                Json.createObjectBuilder()
                        .add("rights", Json.createArrayBuilder().add("DNS_ZONES_LIST"))
                        .add("zones", Json.createArrayBuilder().add(elsewhere))
                        .build());
        assertEquals(201, limited.status(), limited.body());
        Api narrow =
                Api.at(base).withToken(limited.data().getJsonObject("token").getString("token"));
        assertEquals(404, narrow.get(ZONES + "/status?zone=" + zone).status());
        assertEquals(200, narrow.get(ZONES + "/status?zone=" + elsewhere).status());
    }

    /**
     * The status in the default execution, where no nameserver runs: the primary and the zone's
     * secondaries are listed (the primary first), none answers, so nothing is in sync; the answer
     * still comes at once. Bad input is 422, an unknown zone 404, as show answers them.
     */
    @Test
    void theStatusListsThePrimaryThenTheSecondaries() {
        String zone = newName();
        // loopback ports nothing listens on: no query leaves the machine
        JsonArray secondaries = list(secondary("127.0.0.41", 5399, null), secondary("::1", 5398, keyName(owner)));
        Api.Response created = create(owner, zone, secondaries);
        assertEquals(201, created.status(), created.body());

        long start = System.nanoTime();
        Api.Response status = owner.get(ZONES + "/status?zone=" + zone);
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertEquals(200, status.status(), status.body());
        assertTrue(millis < 5000, "answered within the deadline, not after a hang: " + millis + " ms");
        JsonObject answer = status.data().getJsonObject("status");
        assertEquals(zone, answer.getString("zone"));
        assertEquals(created.data().getJsonObject("zone").getString("serial"), answer.getString("serial"));
        assertFalse(answer.getBoolean("in_sync"), answer.toString());
        List<JsonObject> servers = answer.getJsonArray("servers").getValuesAs(JsonObject.class);
        assertEquals(
                List.of("primary", "secondary", "secondary"),
                servers.stream().map(s -> s.getString("role")).toList(),
                answer.toString());
        assertEquals(
                List.of("127.0.0.41#5399", "::1#5398"),
                servers.subList(1, 3).stream().map(s -> s.getString("server")).toList());
        for (JsonObject server : servers) {
            assertTrue(server.isNull("serial"), server.toString());
            assertFalse(server.getBoolean("in_sync"), server.toString());
            assertFalse(server.getString("error").isBlank(), server.toString());
            assertTrue(
                    server.getString("checked_at").matches("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d"),
                    server.toString());
        }

        // Bad input as show answers it.
        for (String bad : List.of("", "zone=", "zone=%20%20", "zone=" + "a".repeat(250) + ".example")) {
            Api.Response refused = owner.get(ZONES + "/status" + (bad.isEmpty() ? "" : "?" + bad));
            assertEquals(422, refused.status(), bad + ": " + refused.body());
            assertEquals(List.of("zone"), refused.errorFields(), bad + ": " + refused.body());
        }
        for (String unknown : List.of(newName(), "not a zone!", "-x-.example")) {
            Api.Response missing =
                    owner.get(ZONES + "/status?zone=" + URLEncoder.encode(unknown, StandardCharsets.UTF_8));
            assertEquals(404, missing.status(), unknown + ": " + missing.body());
            assertEquals(List.of(4040), missing.errorCodes(), unknown + ": " + missing.body());
        }
    }
}
