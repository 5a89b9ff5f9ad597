package net.hostingapi.platform.boundary;

import jakarta.inject.Inject;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import net.hostingapi.platform.control.ApiException;
import net.hostingapi.platform.control.MessageCode;

/**
 * The first look at every request the container passes on: a raw path that breaks the URI syntax
 * (RFC 3986: a character outside it, a {@code %} without two hex digits, escapes that are not
 * UTF-8) is refused with 400 in the envelope here. Jersey would otherwise fail to build the request
 * URI and answer through the container's HTML error page. TRACE never reaches a servlet outside
 * the API, whose default TRACE answer echoes the request's headers, credentials included.
 * <p>
 * What the connector refuses before any application (see the README) never gets here.
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
                            MessageCode.MALFORMED_URI, "The request path is not a well-formed URI path"),
                    requestLog);
            return;
        }
        if ("TRACE".equals(http.getMethod()) && !rawPath.startsWith("/api/")) {
            EnvelopeFilter.writeError(
                    http, httpResponse, rawPath, new ApiException(405, MessageCode.METHOD_NOT_ALLOWED), requestLog);
            return;
        }
        ServletRequests.remember(http);
        chain.doFilter(request, response);
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
