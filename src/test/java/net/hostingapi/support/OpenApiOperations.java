package net.hostingapi.support;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The operations (method and path) of the OpenAPI document the service serves at {@code /openapi},
 * read with a small line parser of its YAML: under {@code paths:}, a key at the first indentation is
 * a path, a key at the next deeper one an HTTP method. Sweeps derive what they call from it, so an
 * endpoint added later is swept (or fails the sweep) without anyone copying a list.
 */
public final class OpenApiOperations {

    private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "patch", "head", "options");
    private static final Pattern PATH_PARAMETER = Pattern.compile("\\{([^}/:]+)(?::[^}]*)?}");

    private OpenApiOperations() {}

    /** An operation: {@code method} upper case, {@code path} as the document writes it, e.g. {@code /api/v1/dns/zones/{zone}/assignDomain}. */
    public record Operation(String method, String path) {

        public String key() {
            return method + " " + path;
        }

        /** The names of the path's parameters, in order. */
        public List<String> pathParameters() {
            List<String> names = new ArrayList<>();
            Matcher matcher = PATH_PARAMETER.matcher(path);
            while (matcher.find()) {
                names.add(matcher.group(1));
            }
            return names;
        }

        @Override
        public String toString() {
            return key();
        }
    }

    /** Fetches {@code /openapi} (public) and parses it. */
    public static List<Operation> served(Api anonymous) {
        Api.Response document = anonymous.get("/openapi"); // YAML, Payara's default
        if (document.status() != 200) {
            throw new AssertionError("GET /openapi: " + document.status());
        }
        return parse(document.body());
    }

    public static List<Operation> parse(String yaml) {
        List<Operation> operations = new ArrayList<>();
        boolean inPaths = false;
        int pathIndent = -1;
        int methodIndent = -1;
        String path = null;
        for (String line : yaml.split("\\R")) {
            if (line.isBlank() || line.stripLeading().startsWith("#")) {
                continue;
            }
            int indent = line.length() - line.stripLeading().length();
            String content = line.strip();
            if (indent == 0) {
                inPaths = content.equals("paths:");
                path = null;
                continue;
            }
            if (!inPaths) {
                continue;
            }
            if (pathIndent < 0) {
                pathIndent = indent;
            }
            if (indent == pathIndent) {
                path = unquote(key(content));
                methodIndent = -1;
            } else if (path != null && indent > pathIndent) {
                if (methodIndent < 0) {
                    methodIndent = indent;
                }
                String key = key(content);
                if (indent == methodIndent
                        && key != null
                        && METHODS.contains(unquote(key).toLowerCase())) {
                    operations.add(new Operation(unquote(key).toUpperCase(), path));
                }
            }
        }
        return operations;
    }

    /** The key of a {@code key:} or {@code key: value} line, or null for list items and scalars. */
    private static String key(String content) {
        if (content.startsWith("- ")) {
            return null;
        }
        int colon = content.startsWith("\"") || content.startsWith("'")
                ? content.indexOf(':', content.indexOf(content.charAt(0), 1))
                : content.indexOf(':');
        return colon < 0 ? null : content.substring(0, colon);
    }

    private static String unquote(String key) {
        if (key != null
                && key.length() >= 2
                && (key.startsWith("\"") && key.endsWith("\"") || key.startsWith("'") && key.endsWith("'"))) {
            return key.substring(1, key.length() - 1);
        }
        return key;
    }
}
