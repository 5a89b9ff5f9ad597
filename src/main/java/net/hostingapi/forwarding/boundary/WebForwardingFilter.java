package net.hostingapi.forwarding.boundary;

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
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import net.hostingapi.forwarding.control.WebForwards;
import net.hostingapi.zones.entity.RecordType;

/**
 * The web forwarder: a plain HTTP request whose Host has an HTTP_REDIRECT record is answered
 * with a 301 to the record's URL; one with an HTTP_FRAME record with a page framing it. Every
 * other request goes on to the API.
 */
@WebFilter(urlPatterns = "/*")
public class WebForwardingFilter implements Filter {

    @Inject
    WebForwards forwards;

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        HttpServletRequest http = (HttpServletRequest) request;
        Optional<WebForwards.Forward> forward =
                http.getServerName() == null ? Optional.empty() : forwards.lookup(http.getServerName());
        if (forward.isEmpty()) {
            chain.doFilter(request, response);
            return;
        }
        HttpServletResponse answer = (HttpServletResponse) response;
        if (forward.get().type() == RecordType.HTTP_REDIRECT) {
            answer.setStatus(HttpServletResponse.SC_MOVED_PERMANENTLY);
            answer.setHeader("Location", forward.get().url());
            answer.setContentLength(0);
            return;
        }
        byte[] page = framePage(http.getServerName(), forward.get().url()).getBytes(StandardCharsets.UTF_8);
        answer.setContentType("text/html; charset=utf-8");
        answer.setContentLength(page.length);
        answer.getOutputStream().write(page);
    }

    static String framePage(String host, String url) {
        return "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>" + escape(host) + "</title>"
                + "<style>html,body,iframe{margin:0;padding:0;border:0;width:100%;height:100%}</style></head>\n"
                + "<body><iframe src=\"" + escape(url) + "\" title=\"" + escape(host) + "\"></iframe></body></html>\n";
    }

    /** HTML text and attribute escaping: the URL and host are client data. */
    static String escape(String text) {
        StringBuilder escaped = new StringBuilder(text.length());
        for (char c : text.toCharArray()) {
            switch (c) {
                case '&' -> escaped.append("&amp;");
                case '<' -> escaped.append("&lt;");
                case '>' -> escaped.append("&gt;");
                case '"' -> escaped.append("&quot;");
                case '\'' -> escaped.append("&#39;");
                default -> escaped.append(c);
            }
        }
        return escaped.toString();
    }
}
