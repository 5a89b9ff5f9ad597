package net.hostingapi.platform.edge.boundary;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.hostingapi.platform.parameters.boundary.RequestParameters;

/**
 * A request whose servlet parameters ({@code getParameter} and its kin) are those of its query
 * string only, decoded as UTF-8. The container's own parameters would parse a url-encoded body,
 * and Grizzly refuses one over the listener's max-post-size (2 MiB) by throwing "Post too large"
 * (a 500) wherever the call is made: Jersey makes it for a form whose body the authentication
 * module found too large to replay. Bodies are the API's to read ({@link RequestParameters}), with
 * its own limit and its 413.
 */
final class QueryOnlyParameters extends HttpServletRequestWrapper {

    private Map<String, String[]> parameters;

    QueryOnlyParameters(HttpServletRequest request) {
        super(request);
    }

    @Override
    public String getParameter(String name) {
        String[] values = parameters().get(name);
        return values == null ? null : values[0];
    }

    @Override
    public Map<String, String[]> getParameterMap() {
        return parameters();
    }

    @Override
    public Enumeration<String> getParameterNames() {
        return Collections.enumeration(parameters().keySet());
    }

    @Override
    public String[] getParameterValues(String name) {
        String[] values = parameters().get(name);
        return values == null ? null : values.clone();
    }

    private Map<String, String[]> parameters() {
        if (parameters == null) {
            parameters = parse(getQueryString());
        }
        return parameters;
    }

    /** {@code a=1&b=2&a=3} as the servlet API gives it; a malformed escape is kept as written. */
    static Map<String, String[]> parse(String query) {
        if (query == null || query.isEmpty()) {
            return Map.of();
        }
        Map<String, List<String>> found = new LinkedHashMap<>();
        for (String pair : query.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int equals = pair.indexOf('=');
            String name = decode(equals < 0 ? pair : pair.substring(0, equals));
            String value = equals < 0 ? "" : decode(pair.substring(equals + 1));
            found.computeIfAbsent(name, n -> new ArrayList<>(1)).add(value);
        }
        Map<String, String[]> parameters = new LinkedHashMap<>();
        found.forEach((name, values) -> parameters.put(name, values.toArray(String[]::new)));
        return Collections.unmodifiableMap(parameters);
    }

    private static String decode(String text) {
        if (text.indexOf('%') < 0 && text.indexOf('+') < 0) {
            return text;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            int high = c == '%' && i + 2 < text.length() ? Character.digit(text.charAt(i + 1), 16) : -1;
            int low = high < 0 ? -1 : Character.digit(text.charAt(i + 2), 16);
            if (low >= 0) {
                bytes.write(high << 4 | low);
                i += 2;
            } else if (c == '+') {
                bytes.write(' ');
            } else {
                bytes.writeBytes(String.valueOf(c).getBytes(StandardCharsets.UTF_8));
            }
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
