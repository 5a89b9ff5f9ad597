package net.hostingapi.panel.boundary;

import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * {@code /} (the empty pattern: the context root only): a page naming what the service offers to
 * a person with a browser, the panel first. Before it the root answered the envelope's 404.
 */
@WebServlet(urlPatterns = "")
public class HomePage extends HttpServlet {

    private static final byte[] PAGE = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
              <meta charset="utf-8">
              <meta name="viewport" content="width=device-width, initial-scale=1">
              <title>Hosting API</title>
              <link rel="stylesheet" href="/app/panel.css">
            </head>
            <body>
            <main class="home">
              <h1>Hosting API</h1>
              <ul>
                <li><a id="panel-link" href="/app/">DNS panel</a>: manage your zones, records, tokens and handles in the browser</li>
                <li><a href="/api/docs">API documentation</a> (Swagger UI over <a href="/openapi">/openapi</a>)</li>
                <li>The API itself: <code>/api/v1</code></li>
              </ul>
            </main>
            </body>
            </html>
            """.getBytes(StandardCharsets.UTF_8);

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        PanelHeaders.apply(response);
        response.setContentType("text/html; charset=utf-8");
        response.setContentLength(PAGE.length);
        response.getOutputStream().write(PAGE);
    }
}
