package net.hostingapi.platform.logging.boundary;

import jakarta.inject.Inject;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.annotation.WebListener;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Filter;
import java.util.logging.Formatter;
import java.util.logging.Handler;
import java.util.logging.Logger;
import net.hostingapi.platform.logging.control.ClosedConnections;
import net.hostingapi.platform.logging.control.JsonLogFormatter;
import net.hostingapi.platform.logging.control.ListenerOverload;
import net.hostingapi.platform.logging.control.LogRedaction;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;

/**
 * What the application puts on the server's log handlers while it runs, taking it off at undeploy
 * (the classes belong to the application's class loader): {@link LogRedaction}, and with
 * {@code LOG_FORMAT=json} the {@link JsonLogFormatter}. Installed from within the WAR because the
 * WAR also runs in Payara installations we do not configure.
 * <p>
 * A handler consults its filter only if it chooses to: {@code java.util.logging.ConsoleHandler}
 * (Payara Micro's console) does, Payara Server's {@code GFFileHandler} (server.log) does not. So
 * the filter also goes on the loggers of the container parts that have logged request data
 * (a logger's filter runs before any handler). It catches what slips past the source fixes; it
 * cannot catch what is logged before the application starts (boot commands). Those loggers also
 * get {@link ClosedConnections}: a client that closed its connection is not the server's error.
 * Grizzly's selector logger gets {@link ListenerOverload}: a count and a line a minute of the
 * connections an overloaded listener closes, instead of a stack trace for each.
 */
@WebListener
public class ServerLogSetup implements ServletContextListener {

    private static final Logger LOG = Logger.getLogger(ServerLogSetup.class.getName());
    /**
     * Loggers that have written request URIs or parameters, and the stack traces of connections
     * clients closed; kept referenced so that their filter stays.
     */
    private static final List<String> REQUEST_LOGGERS = List.of(
            "org.glassfish.jersey.servlet.WebComponent",
            "org.glassfish.jersey.server.ServerRuntime$Responder",
            "org.glassfish.jersey.server.internal.routing",
            "jakarta.enterprise.web.core",
            "jakarta.enterprise.web",
            "org.glassfish.grizzly.http.server.HttpServerFilter",
            "org.glassfish.grizzly.http.HttpServerFilter");

    private static final Metadata QUEUE_FULL_DROPS = Metadata.builder()
            .withName("http_queue_full_drops")
            .withDescription("Connections the HTTP listener closed unanswered: every worker was busy and its queue"
                    + " (HTTP_QUEUE_SIZE) full")
            .build();

    private final List<Handler> handlers = new ArrayList<>();
    /** The container's loggers we filter, each with the redaction that holds its previous filter. */
    private final Map<Logger, LogRedaction> loggers = new HashMap<>();

    private final Map<Handler, Formatter> formatters = new HashMap<>();

    @Inject
    @ConfigProperty(name = "LOG_FORMAT", defaultValue = "text")
    String logFormat;

    @Inject
    MetricRegistry metrics;

    @Override
    public void contextInitialized(ServletContextEvent event) {
        boolean json = "json".equalsIgnoreCase(logFormat.strip());
        for (Handler handler : Logger.getLogger("").getHandlers()) {
            handler.setFilter(new LogRedaction(handler.getFilter()));
            handlers.add(handler);
            if (json) {
                formatters.put(handler, handler.getFormatter());
                handler.setFormatter(new JsonLogFormatter());
            }
        }
        ClosedConnections closed = new ClosedConnections();
        for (String name : REQUEST_LOGGERS) {
            filter(name, closed);
        }
        Counter drops = metrics.counter(QUEUE_FULL_DROPS);
        filter(ListenerOverload.SELECTOR_LOGGER, new ListenerOverload(drops::inc));
        // Also shows, in the log itself, that redaction works on this server's console: the value is blanked.
        LOG.info(() -> "Log redaction on " + handlers.size() + " handlers and " + loggers.size()
                + " loggers; check: authToken=visible-if-redaction-fails");
    }

    /** Puts {@code first}, then the redaction, on the named logger; undeploy restores its previous filter. */
    private void filter(String name, Filter first) {
        Logger logger = Logger.getLogger(name);
        LogRedaction redaction = new LogRedaction(logger.getFilter());
        logger.setFilter(record -> first.isLoggable(record) && redaction.isLoggable(record));
        loggers.put(logger, redaction);
    }

    @Override
    public void contextDestroyed(ServletContextEvent event) {
        for (Handler handler : handlers) {
            if (handler.getFilter() instanceof LogRedaction redaction) {
                handler.setFilter(redaction.previous());
            }
        }
        formatters.forEach(Handler::setFormatter);
        formatters.clear();
        loggers.forEach((logger, redaction) -> logger.setFilter(redaction.previous()));
        handlers.clear();
        loggers.clear();
    }
}
