package net.hostingapi.platform.edge.boundary;

import jakarta.inject.Inject;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpServletMapping;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import net.hostingapi.platform.envelope.boundary.EnvelopeFilter;
import net.hostingapi.platform.logging.boundary.RequestLog;
import net.hostingapi.platform.messages.control.ApiException;
import net.hostingapi.platform.messages.control.CommonMessages;
import net.hostingapi.platform.messages.control.Message;
import net.hostingapi.platform.requests.boundary.RequestIds;
import net.hostingapi.platform.requests.boundary.ServletRequests;

/**
 * The first look at every request the container passes on: a raw path that breaks the URI syntax
 * (RFC 3986: a character outside it, a {@code %} without two hex digits, escapes that are not
 * UTF-8) is refused with 400 in the envelope here. Jersey would otherwise fail to build the request
 * URI and answer through the container's HTML error page. The connector decodes paths as
 * ISO-8859-1 (server-config/pre-boot-commands.asadmin), which never fails, so that escapes and
 * raw bytes that are not UTF-8 get here instead of being refused by it without a body.
 * <p>
 * Outside the API (any servlet but JAX-RS's): TRACE never reaches a servlet, whose default TRACE
 * answer echoes the request's headers, credentials included; a method the servlet refuses (405,
 * or the 501 of a method it does not know) is 405 in the envelope with {@code Allow}
 * ({@link AllowedMethods}). Everywhere, the servlet parameters are the query string's only
 * ({@link QueryOnlyParameters}): the container never parses a body.
 * <p>
 * What the connector refuses before any application (api.md, Requests at the edge of HTTP) never gets here.
 */
@WebFilter(urlPatterns = "/*")
public class EdgeFilter implements Filter {

    @Inject
    RequestLog requestLog;

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        HttpServletRequest http = (HttpServletRequest) request;
        HttpServletResponse httpResponse = (HttpServletResponse) response;
        long started = System.nanoTime();
        // Every answer of the WAR carries it, whoever writes the answer (a servlet, a filter, the container).
        httpResponse.setHeader("X-Request-Id", RequestIds.of(http));
        String rawPath = http.getRequestURI();
        if (!isWellFormedPath(rawPath)) {
            EnvelopeFilter.writeError(
                    http,
                    httpResponse,
                    "-",
                    ApiException.badRequest(
                            CommonMessages.MALFORMED_URI, "The request path is not a well-formed URI path"),
                    requestLog);
            return;
        }
        boolean api = isApi(http);
        if ("TRACE".equals(http.getMethod()) && !api) {
            refuseMethod(http, httpResponse, rawPath, AllowedMethods.of(http, httpResponse));
            return;
        }
        HttpServletRequest wrapped = new QueryOnlyParameters(http);
        AllowedMethods.Refusals refusals = api ? null : new AllowedMethods.Refusals(httpResponse);
        ServletRequests.remember(wrapped);
        chain.doFilter(wrapped, refusals == null ? httpResponse : refusals);
        if (refusals != null && refusals.methodRefused()) {
            String allow = httpResponse.getHeader("Allow");
            refuseMethod(http, httpResponse, rawPath, allow != null ? allow : AllowedMethods.of(http, httpResponse));
            return;
        }
        if (!RequestLog.recorded(http) && !http.isAsyncStarted()) {
            // Answered by another servlet or filter: web forwards, and /health, /metrics and /openapi, whose
            // servlets Payara Micro registers in the context of the application deployed at "/".
            String pattern = http.getHttpServletMapping() == null
                    ? "/"
                    : http.getHttpServletMapping().getPattern();
            requestLog.record(
                    http,
                    http.getMethod(),
                    rawPath,
                    "/".equals(pattern) || pattern.isEmpty() ? "other" : http.getMethod() + " " + pattern,
                    httpResponse.getStatus(),
                    (System.nanoTime() - started) / 1000,
                    RequestIds.of(http),
                    null);
        }
    }

    /** JAX-RS's servlet ({@code @ApplicationPath("api/v1")}), which answers methods itself. */
    static final String API_PATTERN = "/api/v1/*";

    private static boolean isApi(HttpServletRequest request) {
        HttpServletMapping mapping = request.getHttpServletMapping();
        return mapping != null && API_PATTERN.equals(mapping.getPattern());
    }

    private void refuseMethod(HttpServletRequest request, HttpServletResponse response, String rawPath, String allow)
            throws IOException {
        EnvelopeFilter.writeError(
                request,
                response,
                rawPath,
                new ApiException(405, List.of(Message.of(CommonMessages.METHOD_NOT_ALLOWED)), Map.of("Allow", allow)),
                requestLog);
    }

    /** Only {@code pchar} and {@code /} of RFC 3986, escapes complete, and what they encode UTF-8. */
    static boolean isWellFormedPath(String rawPath) {
        if (rawPath == null || !rawPath.startsWith("/")) {
            return false;
        }
        ByteBuffer decoded = ByteBuffer.allocate(rawPath.length());
        for (int i = 0; i < rawPath.length(); i++) {
            char c = rawPath.charAt(i);
            if (c == '%') {
                int high = i + 2 < rawPath.length() ? Character.digit(rawPath.charAt(i + 1), 16) : -1;
                int low = high < 0 ? -1 : Character.digit(rawPath.charAt(i + 2), 16);
                if (low < 0) {
                    return false;
                }
                decoded.put((byte) (high << 4 | low));
                i += 2;
            } else if (isPathChar(c)) {
                decoded.put((byte) c);
            } else {
                return false;
            }
        }
        decoded.flip();
        try {
            StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(decoded);
            return true;
        } catch (CharacterCodingException e) {
            return false;
        }
    }

    private static boolean isPathChar(char c) {
        return (c >= 'a' && c <= 'z')
                || (c >= 'A' && c <= 'Z')
                || (c >= '0' && c <= '9')
                || "-._~!$&'()*+,;=:@/".indexOf(c) >= 0;
    }
}
