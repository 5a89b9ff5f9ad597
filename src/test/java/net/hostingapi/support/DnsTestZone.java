package net.hostingapi.support;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import org.xbill.DNS.Name;

/**
 * A new customer's zone {@code <username>.example}, made over the HTTP API, as the DNS UPDATE
 * tests read it back (show, serial, history) and the customer's new tokens carrying a TSIG key.
 */
public record DnsTestZone(Api api, String name, Name origin) {

    /** A new customer's zone with {@code records} (none: the create carries no records field). */
    public static DnsTestZone create(URL base, JsonObject... records) {
        Api.Customer customer = Api.at(base).newCustomer();
        String name = customer.username() + ".example";
        JsonObjectBuilder zone = Json.createObjectBuilder().add("name", name);
        if (records.length > 0) {
            var array = Json.createArrayBuilder();
            for (JsonObject record : records) {
                array.add(record);
            }
            zone.add("records", array);
        }
        Api.Response created = customer.api().json("POST", "/api/v1/dns/zones/create", zone.build());
        assertEquals(201, created.status(), created.body());
        return new DnsTestZone(customer.api(), name, DnsUpdateClient.name(name));
    }

    /** A record as zones/create takes it, without a TTL (the zone's default). */
    public static JsonObject record(String name, String type, String data) {
        return Json.createObjectBuilder()
                .add("name", name)
                .add("type", type)
                .add("data", data)
                .build();
    }

    public static JsonObject record(String name, String type, String data, int ttl) {
        return Json.createObjectBuilder(record(name, type, data))
                .add("ttl", ttl)
                .build();
    }

    /** The zone as show answers it ({@code data.zone}). */
    public JsonObject shown() {
        Api.Response shown = api.get("/api/v1/dns/zones/show?zone=" + name);
        assertEquals(200, shown.status(), shown.body());
        return shown.data().getJsonObject("zone");
    }

    /** The zone's records as show answers them: "name type data ttl", sorted. */
    public List<String> records() {
        List<String> lines = new ArrayList<>();
        for (JsonValue value : shown().getJsonArray("records")) {
            JsonObject r = value.asJsonObject();
            lines.add(r.getString("name") + " " + r.getString("type") + " " + r.getString("data") + " "
                    + (r.isNull("ttl") ? "null" : r.get("ttl").toString().replace("\"", "")));
        }
        lines.sort(null);
        return lines;
    }

    public long serial() {
        return Long.parseLong(shown().get("serial").toString().replace("\"", ""));
    }

    /** The zone's history entries, newest first. */
    public JsonArray history() {
        return api.get("/api/v1/dns/zones/history?zone=" + name).data().getJsonArray("history");
    }

    /** A new token of the zone's account with a key: rights DNS_ZONES_LIST and DNS_ZONES_CRUD. */
    public JsonObject newKeyToken() {
        return newKeyToken(Json.createObjectBuilder());
    }

    /** A new token of the zone's account with a key, created with {@code fields} (policy, rights). */
    public JsonObject newKeyToken(JsonObjectBuilder fields) {
        return newKeyToken(api, fields);
    }

    /**
     * A new token of {@code owner}'s account with a key, created with {@code fields}; rights
     * DNS_ZONES_LIST and DNS_ZONES_CRUD unless they name others. Its {@code data.token}, with {@code tsig}.
     */
    public static JsonObject newKeyToken(Api owner, JsonObjectBuilder fields) {
        JsonObject given = fields.build();
        JsonObjectBuilder body = Json.createObjectBuilder(given).add("tsig_algorithm", "hmac-sha256");
        if (!given.containsKey("rights")) {
            body.add("rights", Json.createArrayBuilder().add("DNS_ZONES_LIST").add("DNS_ZONES_CRUD"));
        }
        Api.Response created = owner.json("POST", "/api/v1/account/users/tokens/create", body.build());
        assertEquals(201, created.status(), created.body());
        return created.data().getJsonObject("token");
    }

    /** A new key of the zone's account (rights DNS_ZONES_LIST and DNS_ZONES_CRUD), to sign with. */
    public DnsUpdateClient newKey() {
        return DnsUpdateClient.of(newKeyToken());
    }
}
