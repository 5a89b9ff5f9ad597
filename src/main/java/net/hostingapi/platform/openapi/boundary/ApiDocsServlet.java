package net.hostingapi.platform.openapi.boundary;

import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Properties;

/**
 * {@code /api/docs}: Swagger UI over {@code /openapi}, public. Its scripts and styles come from the
 * swagger-ui webjar in WEB-INF/lib, which the container serves at {@code /webjars/swagger-ui/<version>/}
 * (a jar's META-INF/resources); the version is read from the webjar itself, so upgrading it in
 * the pom is all it takes.
 */
@WebServlet(urlPatterns = ApiDocsServlet.PATH)
public class ApiDocsServlet extends HttpServlet {

    static final String PATH = "/api/docs";

    private String page;

    @Override
    public void init() throws ServletException {
        String assets = "/webjars/swagger-ui/" + webjarVersion() + "/";
        page = """
                <!DOCTYPE html>
                <html lang="en">
                <head>
                  <meta charset="utf-8">
                  <title>Hosting API</title>
                  <link rel="stylesheet" href="%1$sswagger-ui.css">
                  <link rel="icon" type="image/png" href="%1$sfavicon-32x32.png">
                </head>
                <body>
                <div id="swagger-ui"></div>
                <script src="%1$sswagger-ui-bundle.js"></script>
                <script>
                  window.ui = SwaggerUIBundle({ url: "/openapi", dom_id: "#swagger-ui", deepLinking: true });
                </script>
                </body>
                </html>
                """.formatted(assets);
    }

    private static String webjarVersion() throws ServletException {
        try (InputStream in = ApiDocsServlet.class
                .getClassLoader()
                .getResourceAsStream("META-INF/maven/org.webjars/swagger-ui/pom.properties")) {
            if (in == null) {
                throw new ServletException("The swagger-ui webjar is missing from WEB-INF/lib");
            }
            Properties properties = new Properties();
            properties.load(in);
            return properties.getProperty("version");
        } catch (IOException e) {
            throw new ServletException(e);
        }
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        byte[] body = page.getBytes(StandardCharsets.UTF_8);
        response.setContentType("text/html; charset=utf-8");
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }
}
