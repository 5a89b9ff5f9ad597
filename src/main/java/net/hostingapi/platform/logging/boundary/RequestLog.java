package net.hostingapi.platform.logging.boundary;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import net.hostingapi.platform.logging.control.LogRedaction;
import net.hostingapi.platform.logging.control.QueuedLog;
import net.hostingapi.platform.messages.control.MessageCode;
import net.hostingapi.platform.requests.boundary.ClientAddresses;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.Tag;
import org.eclipse.microprofile.metrics.Timer;

/**
 * What every answered request leaves behind: one log line (logger {@code net.hostingapi.request})
 * and its share of the request metrics. The line names the client address, the caller by account
 * and token id (never the token), method, path (never the query string), status, duration and
 * request id; with {@code LOG_FORMAT=json} the same fields are members of the line's JSON object.
 * The lines are written by a thread of their own ({@link QueuedLog}), not by the request's.
 */
@ApplicationScoped
public class RequestLog {

    static final Logger LOG = Logger.getLogger("net.hostingapi.request");
    /** Longer than our longest path segment ("server-actions"), shorter than any generated token. */
    private static final int MAX_LOGGED_SEGMENT = 24;

    private static final Metadata REQUESTS = Metadata.builder()
            .withName("http_server_requests")
            .withDescription(
                    "Answered requests by operation (method and path template; 'unmatched' for unknown paths) and status")
            .build();
    private static final Metadata AUTHENTICATION_FAILURES = Metadata.builder()
            .withName("authentication_failures")
            .withDescription("Requests answered 401: no, unknown, expired or deactivated token")
            .build();
    private static final Metadata RATE_LIMITED = Metadata.builder()
            .withName("rate_limited_requests")
            .withDescription("Requests answered 429, by the limiter's message code")
            .build();

    private static final Metadata CUT_SHORT = Metadata.builder()
            .withName("answers_cut_short")
            .withDescription(
                    "Answers the client did not take whole: it closed its connection while the body was written")
            .build();

    private static final String RECORDED = RequestLog.class.getName() + ".recorded";
    /** Lines waiting for the writer before requests write their own: some seconds of a busy instance. */
    private static final int QUEUED_LINES = 10_000;

    @Resource
    ManagedThreadFactory threads;

    private QueuedLog lines;

    @Inject
    MetricRegistry metrics;

    /** The request timers by operation and status: looking one up in the registry built its id anew at every request. */
    private final Map<String, Timer> timers = new ConcurrentHashMap<>();

    @Inject
    ClientAddresses clients;

    @PostConstruct
    void start() {
        lines = new QueuedLog(LOG, QUEUED_LINES, threads);
    }

    @PreDestroy
    void stop() {
        lines.close();
    }

    /**
     * @param operation the matched operation ({@code POST /api/v1/dns/zones/create}), or {@code unmatched}
     * @param refusal   the code of a refusal's first error, or null
     */
    public void record(
            HttpServletRequest request,
            String method,
            String rawPath,
            String operation,
            int status,
            long micros,
            String requestId,
            MessageCode refusal) {
        request.setAttribute(RECORDED, Boolean.TRUE);
        timers.computeIfAbsent(
                        operation + ' ' + status,
                        key -> metrics.timer(
                                REQUESTS, new Tag("operation", operation), new Tag("status", Integer.toString(status))))
                .update(Duration.ofNanos(Math.max(0, micros) * 1000));
        if (status == 401) {
            metrics.counter(AUTHENTICATION_FAILURES).inc();
        } else if (status == 429) {
            metrics.counter(RATE_LIMITED, new Tag("limiter", refusal == null ? "unknown" : refusal.name()))
                    .inc();
        }
        if (!LOG.isLoggable(Level.INFO)) {
            return;
        }
        String client = clients.of(request);
        // The only text here a client chose is the path (its long segments already starred).
        String path = LogRedaction.redact(loggedPath(rawPath));
        String caller = RequestCaller.describe(request);
        StringBuilder text = new StringBuilder(160)
                .append(method)
                .append(' ')
                .append(path)
                .append(' ')
                .append(status)
                .append(' ')
                .append(micros / 1000)
                .append('.');
        long fraction = Math.abs(micros % 1000);
        text.append(fraction < 100 ? (fraction < 10 ? "00" : "0") : "")
                .append(fraction)
                .append("ms client=")
                .append(client)
                .append(' ')
                .append(caller)
                .append(" request=")
                .append(requestId);
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("method", method);
        fields.put("path", path);
        fields.put("status", status);
        fields.put("duration_ms", micros < 0 ? null : micros / 1000.0);
        fields.put("client", client);
        fields.put("account", RequestCaller.accountOf(request));
        fields.put("token_id", RequestCaller.tokenIdOf(request));
        fields.put("request_id", requestId);
        write(text.toString(), fields);
    }

    /**
     * An answer the client did not take whole: it closed its connection while the body was being
     * written (a timeout, a cancelled script, a client that does it on purpose). One line and a
     * count, where the container wrote two SEVERE records with their stack traces, some 240 lines
     * (see {@link net.hostingapi.platform.logging.control.ClosedConnections}). The request's own line,
     * written before the body, holds its status and duration.
     */
    public void cutShort(String method, String rawPath, String requestId) {
        metrics.counter(CUT_SHORT).inc();
        if (!LOG.isLoggable(Level.INFO)) {
            return;
        }
        String path = LogRedaction.redact(loggedPath(rawPath));
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("method", method);
        fields.put("path", path);
        fields.put("cut_short", true);
        fields.put("request_id", requestId);
        write(method + ' ' + path + " answer cut short: the client closed the connection request=" + requestId, fields);
    }

    /** A line of this log: its text, already redacted, and the same fields as members for {@code LOG_FORMAT=json}. */
    private void write(String text, Map<String, Object> fields) {
        LogRecord line = new LogRedaction.Clean(Level.INFO, text);
        line.setLoggerName(LOG.getName());
        // written by another thread, which would otherwise be found as the line's source
        line.setSourceClassName(RequestLog.class.getName());
        line.setSourceMethodName("record");
        line.setParameters(new Object[] {fields});
        lines.log(line);
    }

    /** Whether the request's line is written (by JAX-RS's answer or an envelope written directly). */
    public static boolean recorded(HttpServletRequest request) {
        return request.getAttribute(RECORDED) != null;
    }

    /**
     * The path with every segment longer than any of ours replaced by {@code *}: a client that puts
     * a token into the path (say the confirm link's token as a segment) must not get it logged.
     */
    static String loggedPath(String rawPath) {
        if (rawPath == null) {
            return "";
        }
        StringBuilder logged = new StringBuilder(rawPath.length());
        int start = 0;
        while (start <= rawPath.length()) {
            int end = rawPath.indexOf('/', start);
            if (end < 0) {
                end = rawPath.length();
            }
            logged.append(end - start > MAX_LOGGED_SEGMENT ? "*" : rawPath.substring(start, end));
            if (end < rawPath.length()) {
                logged.append('/');
            }
            start = end + 1;
        }
        return logged.toString();
    }
}
