package net.hostingapi.platform.boundary;

import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.annotation.WebListener;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Logger;
import net.hostingapi.platform.control.LogRedaction;

/**
 * Puts {@link LogRedaction} on the server's log handlers while the application runs, and takes it
 * off at undeploy (its class belongs to the application's class loader). Installed from within
 * the WAR because the WAR also runs in Payara installations we do not configure.
 * <p>
 * A handler consults its filter only if it chooses to: {@code java.util.logging.ConsoleHandler}
 * (Payara Micro's console) does, Payara Server's {@code GFFileHandler} (server.log) does not. So
 * the filter also goes on the loggers of the container parts that have logged request data
 * (a logger's filter runs before any handler). It catches what slips past the source fixes; it
 * cannot catch what is logged before the application starts (boot commands).
 */
@WebListener
public class LogRedactionInstaller implements ServletContextListener {

    private static final Logger LOG = Logger.getLogger(LogRedactionInstaller.class.getName());
    /** Loggers that have written request URIs or parameters; kept referenced so that their filter stays. */
    private static final List<String> REQUEST_LOGGERS = List.of(
            "org.glassfish.jersey.servlet.WebComponent",
            "org.glassfish.jersey.server.ServerRuntime$Responder",
            "org.glassfish.jersey.server.internal.routing",
            "jakarta.enterprise.web.core",
            "jakarta.enterprise.web",
            "org.glassfish.grizzly.http.server.HttpServerFilter",
            "org.glassfish.grizzly.http.HttpServerFilter");

    private final List<Handler> handlers = new ArrayList<>();
    private final List<Logger> loggers = new ArrayList<>();

    @Override
    public void contextInitialized(ServletContextEvent event) {
        for (Handler handler : Logger.getLogger("").getHandlers()) {
            handler.setFilter(new LogRedaction(handler.getFilter()));
            handlers.add(handler);
        }
        for (String name : REQUEST_LOGGERS) {
            Logger logger = Logger.getLogger(name);
            logger.setFilter(new LogRedaction(logger.getFilter()));
            loggers.add(logger);
        }
        // Also shows, in the log itself, that redaction works on this server's console: the value is blanked.
        LOG.info(() -> "Log redaction on " + handlers.size() + " handlers and " + loggers.size()
                + " loggers; check: authToken=visible-if-redaction-fails");
    }

    @Override
    public void contextDestroyed(ServletContextEvent event) {
        for (Handler handler : handlers) {
            if (handler.getFilter() instanceof LogRedaction redaction) {
                handler.setFilter(redaction.previous());
            }
        }
        for (Logger logger : loggers) {
            if (logger.getFilter() instanceof LogRedaction redaction) {
                logger.setFilter(redaction.previous());
            }
        }
        handlers.clear();
        loggers.clear();
    }
}
