package net.hostingapi.accounts;

import jakarta.json.Json;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import net.hostingapi.support.Api;
import net.hostingapi.support.OpenApiOperations.Operation;

/**
 * Calls of the sweeps: an operation of the OpenAPI document with named parameter values, path
 * parameters put into the path, the rest in the query string (GET) or a JSON body (any other
 * method), as the published clients send them. Problems are collected rather than thrown, so that
 * one run names every finding.
 */
public final class Sweep {

    private final List<String> problems = new ArrayList<>();
    private int calls;

    /** A call as sent: what the request carried (for leak checks) and the answer. */
    public record Call(Operation operation, String request, Api.Response answer) {

        public int status() {
            return answer.status();
        }

        /** Error codes, or an empty list when the answer is not an envelope. */
        public List<Integer> errorCodes() {
            try {
                return answer.errorCodes();
            } catch (AssertionError | RuntimeException notAnEnvelope) {
                return List.of();
            }
        }

        public List<String> errorFields() {
            try {
                return answer.errorFields();
            } catch (AssertionError | RuntimeException notAnEnvelope) {
                return List.of();
            }
        }

        public List<Integer> warningCodes() {
            try {
                return answer
                        .envelope()
                        .getJsonObject("messages")
                        .getJsonArray("warnings")
                        .getValuesAs(JsonObject.class)
                        .stream()
                        .map(m -> m.getInt("code"))
                        .toList();
            } catch (AssertionError | RuntimeException notAnEnvelope) {
                return List.of();
            }
        }

        /** What a client can tell answers apart by: status, error codes and the fields they name. */
        public String shape() {
            return status() + " " + errorCodes() + " " + errorFields();
        }

        @Override
        public String toString() {
            return operation.key() + " with " + request + " -> " + answer.status() + " " + abbreviate(answer.body());
        }
    }

    public Call call(Api api, Operation operation, Map<String, JsonValue> values) {
        calls++;
        String path = operation.path();
        java.util.LinkedHashMap<String, JsonValue> rest = new java.util.LinkedHashMap<>(values);
        for (String name : operation.pathParameters()) {
            JsonValue value = rest.remove(name);
            if (value == null) {
                throw new AssertionError(operation + ": no value for path parameter " + name);
            }
            path = path.replace("{" + name + "}", URLEncoder.encode(text(value), StandardCharsets.UTF_8));
        }
        Api.Response answer;
        String request;
        if (operation.method().equals("GET")) {
            StringBuilder query = new StringBuilder();
            rest.forEach((name, value) -> query(query, name, value));
            request = path + (query.length() == 0 ? "" : "?" + query);
            answer = api.get(request);
        } else {
            JsonObjectBuilder body = Json.createObjectBuilder();
            rest.forEach(body::add);
            String json = body.build().toString();
            request = path + " " + json;
            answer = api.send(operation.method(), path, "application/json", json, Map.of());
        }
        return new Call(operation, request, answer);
    }

    private static void query(StringBuilder query, String name, JsonValue value) {
        if (value.getValueType() == JsonValue.ValueType.ARRAY) {
            for (JsonValue element : value.asJsonArray()) {
                query(query, name + "[]", element);
            }
            return;
        }
        if (query.length() > 0) {
            query.append('&');
        }
        query.append(URLEncoder.encode(name, StandardCharsets.UTF_8))
                .append('=')
                .append(URLEncoder.encode(text(value), StandardCharsets.UTF_8));
    }

    public static String text(JsonValue value) {
        return switch (value.getValueType()) {
            case STRING -> ((JsonString) value).getString();
            case NUMBER -> ((JsonNumber) value).toString();
            default -> value.toString();
        };
    }

    public void problem(String text) {
        problems.add(text);
    }

    /** Records a problem unless {@code condition} holds. */
    public boolean expect(boolean condition, String text) {
        if (!condition) {
            problems.add(text);
        }
        return condition;
    }

    public List<String> problems() {
        return problems;
    }

    public int calls() {
        return calls;
    }

    /** Fails with every problem found, one a line. */
    public void assertNoProblems(String what) {
        if (!problems.isEmpty()) {
            throw new AssertionError(what + ": " + problems.size() + " problem(s)\n  " + String.join("\n  ", problems));
        }
    }

    public static String unique(String prefix) {
        return prefix + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    }

    public static String abbreviate(String body) {
        return body == null ? "" : body.length() <= 600 ? body : body.substring(0, 600) + "...";
    }
}
