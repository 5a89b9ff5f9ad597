package net.hostingapi.platform.envelope.boundary;

import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.annotation.WebListener;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Status lines with the reason phrases of RFC 9110 (and RFC 6585 for 429). Payara's connector,
 * Grizzly, writes the phrase from its own table, which lacks 422 and 429 (it writes
 * {@code HTTP/1.1 429 CUSTOM}) and still has RFC 2616's names for 413 and 414; Servlet 6 has no
 * way to set a phrase. So at deployment the missing and outdated entries are put into Grizzly's
 * table (before the application answers anything; entries of codes that exist are replaced in
 * place). Grizzly specific, by reflection: on another server this does nothing but log once.
 */
@WebListener
public class ReasonPhrases implements ServletContextListener {

    private static final Logger LOG = Logger.getLogger(ReasonPhrases.class.getName());
    static final Map<Integer, String> PHRASES = Map.of(
            413, "Content Too Large",
            414, "URI Too Long",
            422, "Unprocessable Content",
            429, "Too Many Requests");

    @Override
    public void contextInitialized(ServletContextEvent event) {
        try {
            Class<?> status = Class.forName(
                    "org.glassfish.grizzly.http.util.HttpStatus",
                    true,
                    event.getServletContext().getClass().getClassLoader());
            Field table = status.getDeclaredField("statusMessages");
            table.setAccessible(true);
            @SuppressWarnings("unchecked")
            Map<Integer, Object> statuses = (Map<Integer, Object>) table.get(null);
            Method create = status.getMethod("newHttpStatus", int.class, String.class);
            for (Map.Entry<Integer, String> phrase : PHRASES.entrySet()) {
                statuses.put(phrase.getKey(), create.invoke(null, phrase.getKey(), phrase.getValue()));
            }
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            LOG.log(Level.WARNING, "Reason phrases of 413, 414, 422 and 429 left to the server: " + e);
        }
    }
}
