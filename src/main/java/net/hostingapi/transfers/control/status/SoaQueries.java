package net.hostingapi.transfers.control.status;

import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.PortUnreachableException;
import java.net.SocketTimeoutException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.xbill.DNS.DClass;
import org.xbill.DNS.Flags;
import org.xbill.DNS.Message;
import org.xbill.DNS.Name;
import org.xbill.DNS.Rcode;
import org.xbill.DNS.Record;
import org.xbill.DNS.SOARecord;
import org.xbill.DNS.Section;
import org.xbill.DNS.SimpleResolver;
import org.xbill.DNS.TextParseException;
import org.xbill.DNS.Type;

/**
 * Asks nameservers for a zone's SOA over UDP (dnsjava's resolver, which waits on one selector
 * thread, not a thread per query), at most one question per server and zone in flight, and its
 * answer kept {@link #FRESH} after it came: clients polling a zone's status cannot turn the API
 * into a flood of DNS queries at its nameservers.
 */
@ApplicationScoped
public class SoaQueries {

    private static final Logger LOG = Logger.getLogger(SoaQueries.class.getName());

    /** How long a nameserver is waited for: an answer on a working network comes in milliseconds. */
    static final Duration TIMEOUT = Duration.ofSeconds(1);

    /** How long an answer is reused for the same server and zone. */
    static final Duration FRESH = Duration.ofMillis(1500);

    /** Beyond this many questions kept, answers no longer fresh are dropped (each call adds at most a dozen). */
    private static final int PRUNE_ABOVE = 1000;

    private record Question(String host, int port, String zone) {}

    private final Map<Question, CompletableFuture<ServedSerial>> asked = new ConcurrentHashMap<>();

    private final Clock clock;

    public SoaQueries() {
        this(Clock.systemUTC());
    }

    SoaQueries(Clock clock) {
        this.clock = clock;
    }

    /**
     * The serial {@code host:port} serves for {@code zone} (its name as served, without the
     * root's dot): the answer held if still fresh, the question in flight if there is one, else
     * a new one. Completes within {@link #TIMEOUT}, never exceptionally.
     */
    public CompletableFuture<ServedSerial> ask(String host, int port, String zone) {
        Question question = new Question(host, port, zone);
        Instant now = clock.instant();
        if (asked.size() > PRUNE_ABOVE) {
            asked.values().removeIf(answer -> !fresh(answer, now));
        }
        return asked.compute(question, (q, held) -> held != null && fresh(held, now) ? held : query(q, now));
    }

    private static boolean fresh(CompletableFuture<ServedSerial> answer, Instant now) {
        // in flight, or answered less than FRESH ago
        return !answer.isDone() || answer.join().answeredAt().plus(FRESH).isAfter(now);
    }

    /** Sends the query; what comes back (or does not) in time completes the answer. */
    private CompletableFuture<ServedSerial> query(Question question, Instant askedAt) {
        Name zone;
        try {
            zone = Name.fromString(question.zone() + ".");
        } catch (TextParseException e) {
            return CompletableFuture.completedFuture(
                    ServedSerial.failed("not a zone name: " + question.zone(), askedAt, askedAt));
        }
        InetSocketAddress server = new InetSocketAddress(question.host(), question.port());
        if (server.isUnresolved()) {
            return CompletableFuture.completedFuture(
                    ServedSerial.failed("unknown host " + question.host(), askedAt, askedAt));
        }
        SimpleResolver resolver = new SimpleResolver(server);
        resolver.setTimeout(TIMEOUT);
        Message soa = Message.newQuery(Record.newRecord(zone, Type.SOA, DClass.IN));
        CompletableFuture<ServedSerial> answer;
        try {
            answer = resolver.sendAsync(soa)
                    .toCompletableFuture()
                    .handle((response, failure) -> failure == null
                            ? read(response, zone, askedAt, clock.instant())
                            : ServedSerial.failed(reason(failure), askedAt, clock.instant()));
        } catch (RuntimeException e) {
            answer = CompletableFuture.completedFuture(ServedSerial.failed(reason(e), askedAt, clock.instant()));
        }
        // dnsjava checks its timeouts about once a second: the answer does not wait for that
        return answer.completeOnTimeout(
                ServedSerial.failed(noAnswer(), askedAt, askedAt.plus(TIMEOUT)),
                TIMEOUT.toMillis(),
                TimeUnit.MILLISECONDS);
    }

    /**
     * The serial of an authoritative answer holding the zone's SOA; anything else (an error code,
     * a referral or an answer from a cache, no SOA of the zone) is the reason there is none.
     */
    static ServedSerial read(Message response, Name zone, Instant askedAt, Instant answeredAt) {
        int rcode = response.getRcode();
        if (rcode != Rcode.NOERROR) {
            return ServedSerial.failed("answered " + Rcode.string(rcode), askedAt, answeredAt);
        }
        if (!response.getHeader().getFlag(Flags.AA)) {
            return ServedSerial.failed("not authoritative for the zone", askedAt, answeredAt);
        }
        for (Record record : response.getSection(Section.ANSWER)) {
            if (record instanceof SOARecord soa && soa.getName().equals(zone)) {
                return ServedSerial.served(soa.getSerial(), askedAt, answeredAt);
            }
        }
        return ServedSerial.failed("no SOA record of the zone in the answer", askedAt, answeredAt);
    }

    private static String reason(Throwable failure) {
        Throwable cause =
                failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
        if (cause instanceof SocketTimeoutException) {
            return noAnswer();
        }
        if (cause instanceof PortUnreachableException) {
            return "nothing listens on the port (ICMP port unreachable)";
        }
        if (cause instanceof IOException && cause.getMessage() != null) {
            return "no answer: " + cause.getMessage();
        }
        // not its class: the answer names no internals
        LOG.log(Level.FINE, "SOA query failed", cause);
        return "the query failed";
    }

    private static String noAnswer() {
        return "no answer within " + TIMEOUT.toMillis() + " ms";
    }
}
