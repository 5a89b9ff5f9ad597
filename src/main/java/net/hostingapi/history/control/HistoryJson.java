package net.hostingapi.history.control;

import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.hostingapi.platform.json.control.JsonFields;
import net.hostingapi.zones.entity.RecordDraft;
import net.hostingapi.zones.entity.RecordType;

/**
 * The JSON text an entry keeps its records ({name, type, data, ttl}) and settings ({name: [before, after]}) in.
 * Through the provider looked up once: each static {@code Json.create...} call scans the class path.
 */
public final class HistoryJson {

    private HistoryJson() {}

    static String records(List<RecordDraft> drafts) {
        JsonArrayBuilder array = JsonFields.JSON.createArrayBuilder();
        for (RecordDraft draft : drafts) {
            JsonObjectBuilder record = JsonFields.JSON
                    .createObjectBuilder()
                    .add("name", draft.name())
                    .add("type", draft.type().name())
                    .add("data", draft.data());
            if (draft.ttl() == null) {
                record.addNull("ttl");
            } else {
                record.add("ttl", draft.ttl());
            }
            array.add(record);
        }
        return array.build().toString();
    }

    static String settings(Map<String, Object[]> settings) {
        JsonObjectBuilder object = JsonFields.JSON.createObjectBuilder();
        settings.forEach((name, change) -> object.add(
                name, JsonFields.JSON.createArrayBuilder().add(value(change[0])).add(value(change[1]))));
        return object.build().toString();
    }

    private static JsonValue value(Object value) {
        if (value == null) {
            return JsonValue.NULL;
        }
        return value instanceof Number n
                ? JsonFields.JSON.createValue(n.longValue())
                : JsonFields.JSON.createValue(value.toString());
    }

    public static List<RecordDraft> drafts(String json) {
        List<RecordDraft> drafts = new ArrayList<>();
        for (JsonValue value : array(json)) {
            JsonObject record = value.asJsonObject();
            drafts.add(new RecordDraft(
                    record.getString("name"),
                    RecordType.valueOf(record.getString("type")),
                    record.getString("data"),
                    record.isNull("ttl") ? null : record.getInt("ttl")));
        }
        return drafts;
    }

    public static JsonArray array(String json) {
        try (var reader = JsonFields.JSON.createReader(new StringReader(json))) {
            return reader.readArray();
        }
    }

    public static JsonObject object(String json) {
        try (var reader = JsonFields.JSON.createReader(new StringReader(json))) {
            return reader.readObject();
        }
    }
}
