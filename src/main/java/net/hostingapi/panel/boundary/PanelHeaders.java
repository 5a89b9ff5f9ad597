package net.hostingapi.panel.boundary;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * The headers of every answer under {@code /app/}: the panel holds a customer's API token in its
 * page, so it runs only its own scripts and styles (no inline code, nothing from another origin),
 * may not be framed, and sends no referrer. Customer data is inserted as text by the scripts; the
 * policy is the second line of defence should one of them ever insert it as HTML.
 */
@WebFilter(urlPatterns = "/app/*")
public class PanelHeaders implements Filter {

    static final String CONTENT_SECURITY_POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; "
            + "img-src 'self'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        apply((HttpServletResponse) response);
        chain.doFilter(request, response);
    }

    static void apply(HttpServletResponse response) {
        response.setHeader("Content-Security-Policy", CONTENT_SECURITY_POLICY);
        response.setHeader("X-Content-Type-Options", "nosniff");
        response.setHeader("Referrer-Policy", "no-referrer");
        // A new version of the panel's scripts is picked up at the next load, never a stale mix.
        response.setHeader("Cache-Control", "no-cache");
    }
}
