package net.hostingapi.platform.control;

import jakarta.json.JsonValue;

/**
 * A JSON value already written out, for payloads rendered once and answered many times (a
 * zone between two changes); the envelope takes it as it is.
 */
public record JsonText(String json) {

    public static JsonText of(JsonValue value) {
        return new JsonText(value.toString());
    }

    /** The length in characters: what a cache of such texts counts. */
    public int length() {
        return json.length();
    }
}
