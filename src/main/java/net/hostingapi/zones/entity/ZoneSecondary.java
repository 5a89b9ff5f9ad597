package net.hostingapi.zones.entity;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.util.List;

/**
 * A nameserver that follows a zone as its secondary (RFC 2182): it may transfer the zone (AXFR,
 * IXFR) from the primary and is sent a NOTIFY on every change. {@code address} is a literal IPv4
 * or IPv6 address in its canonical spelling; {@code key}, when not null, names the account's TSIG
 * key the secondary must sign its transfers with.
 */
public record ZoneSecondary(String address, int port, String key) {

    public static final int DNS_PORT = 53;

    /** As the zone's row keeps them: a JSON array, or null for none. */
    static String json(List<ZoneSecondary> secondaries) {
        if (secondaries.isEmpty()) {
            return null;
        }
        JsonArrayBuilder array = Json.createArrayBuilder();
        for (ZoneSecondary secondary : secondaries) {
            var object = Json.createObjectBuilder()
                    .add("address", secondary.address())
                    .add("port", secondary.port());
            if (secondary.key() != null) {
                object.add("key", secondary.key());
            }
            array.add(object);
        }
        return array.build().toString();
    }

    static List<ZoneSecondary> parse(String json) {
        if (json == null || json.isBlank()) {
            return List.of();
        }
        try (JsonReader reader = Json.createReader(new StringReader(json))) {
            return reader.readArray().getValuesAs(JsonObject.class).stream()
                    .map(o -> new ZoneSecondary(
                            o.getString("address"),
                            o.getInt("port", DNS_PORT),
                            o.get("key") == null || o.get("key") == JsonValue.NULL ? null : o.getString("key")))
                    .toList();
        }
    }

    /** {@code address port}, with {@code key} when named: as logs and messages name it. */
    @Override
    public String toString() {
        return address + " port " + port + (key == null ? "" : " key " + key);
    }
}
