package net.hostingapi.history.boundary;

import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.List;
import net.hostingapi.history.control.HistoryJson;
import net.hostingapi.history.entity.ZoneChangeEntry;
import net.hostingapi.platform.json.control.JsonFields;
import net.hostingapi.platform.openapi.boundary.WireShape;
import net.hostingapi.platform.openapi.boundary.WireShapes;

/** How a zone's change history looks on the wire, declared once to write it and describe it. */
public final class HistoryRepresentations implements WireShapes {

    private static final WireShape<ZoneChangeEntry> ENTRY = WireShape.<ZoneChangeEntry>named(
                    "HistoryEntry",
                    "One committed change of a zone: who, when, from where (via http or dns-update, and the TSIG key), by which operation, the records added and"
                            + " removed, the settings changed ({from, to}), the serial before and after (null: no zone).")
            .int64("id", ZoneChangeEntry::id)
            .timestamp("created_at", ZoneChangeEntry::createdAt)
            .string("zone", ZoneChangeEntry::zoneName)
            .string("operation", ZoneChangeEntry::operation)
            .string("user", ZoneChangeEntry::userName)
            .nullable()
            .int64("token_id", ZoneChangeEntry::tokenId)
            .nullable()
            .string("address", ZoneChangeEntry::address)
            .nullable()
            .string("via", ZoneChangeEntry::via)
            .string("tsig_key", ZoneChangeEntry::tsigKey)
            .nullable()
            .json("added", "[RecordChange]", e -> records(e.added()))
            .json("removed", "[RecordChange]", e -> records(e.removed()))
            .json("settings", "{SettingChange}", e -> settings(e.settings()))
            .string(
                    "serial_before",
                    e -> e.serialBefore() == null ? null : e.serialBefore().toString())
            .nullable()
            .string(
                    "serial_after",
                    e -> e.serialAfter() == null ? null : e.serialAfter().toString())
            .nullable()
            .string("domain", ZoneChangeEntry::domain)
            .nullable();

    /** For {@link java.util.ServiceLoader} only (META-INF/services): the payload is static. */
    public HistoryRepresentations() {}

    @Override
    public List<WireShape<?>> shapes() {
        return List.of(ENTRY);
    }

    static JsonObject entry(ZoneChangeEntry entry) {
        return ENTRY.write(entry);
    }

    /**
     * Records as the zone's representation writes them (its RecordChange): ttl a string of digits,
     * or null for the zone's. Read from the stored JSON, not from drafts, so written here.
     */
    private static JsonValue records(String json) {
        var array = JsonFields.JSON.createArrayBuilder();
        for (JsonValue value : HistoryJson.array(json)) {
            JsonObject record = value.asJsonObject();
            array.add(JsonFields.object()
                    .put("name", record.getString("name"))
                    .put("type", record.getString("type"))
                    .put("data", record.getString("data"))
                    .put("ttl", record.isNull("ttl") ? null : record.get("ttl").toString())
                    .build());
        }
        return array.build();
    }

    /** Each setting's {@code [from, to]} as the zone's SettingChange. */
    private static JsonValue settings(String json) {
        var settings = JsonFields.JSON.createObjectBuilder();
        HistoryJson.object(json)
                .forEach((name, change) -> settings.add(
                        name,
                        JsonFields.object()
                                .put("from", text(change.asJsonArray().get(0)))
                                .put("to", text(change.asJsonArray().get(1)))
                                .build()));
        return settings.build();
    }

    private static String text(JsonValue value) {
        return value == JsonValue.NULL
                ? null
                : value instanceof jakarta.json.JsonString s ? s.getString() : value.toString();
    }
}
