package net.hostingapi.handles;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.util.UUID;
import net.hostingapi.support.Api;

/** Valid handle parameters to start from, and creating a handle through the API. */
public final class HandleFixtures {

    private HandleFixtures() {}

    /** A fresh address per call, so that each test finds its own mails. */
    static String uniqueEmail() {
        return "h" + UUID.randomUUID().toString().replace("-", "").substring(0, 16) + "@example.com";
    }

    /** Every required field of a person, valid (also the launcher tests' handle). */
    public static JsonObjectBuilder person(String email) {
        return Json.createObjectBuilder()
                .add("type", "PERS")
                .add("sex", "FEMALE")
                .add("firstname", "Erika")
                .add("lastname", "Mustermann")
                .add("street", "Heidestraße")
                .add("number", "17b")
                .add("postcode", "51147")
                .add("city", "Köln")
                .add("region", "Nordrhein-Westfalen")
                .add("country", "DE")
                .add("email", email)
                .add("phone", "+49.2211234567");
    }

    static JsonObject created(Api api, JsonObjectBuilder fields) {
        Api.Response response = api.json("POST", "/api/v1/domain/handles/create", fields.build());
        if (response.status() != 201) {
            throw new AssertionError("handle not created: " + response);
        }
        return response.data().getJsonObject("handle");
    }

    static JsonObject show(Api api, String handle) {
        Api.Response response = api.get("/api/v1/domain/handles/show?handle=" + handle);
        if (response.status() != 200) {
            throw new AssertionError("handle not shown: " + response);
        }
        return response.data().getJsonObject("handle");
    }
}
