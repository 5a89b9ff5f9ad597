package net.hostingapi.platform.parameters.boundary;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletRequestWrapper;
import jakarta.servlet.http.HttpServletRequest;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.lang.reflect.Method;
import java.net.SocketTimeoutException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Logger;
import net.hostingapi.platform.addresses.entity.AddressRange;
import net.hostingapi.platform.logging.control.ClosedConnections;
import net.hostingapi.platform.messages.control.ApiException;
import net.hostingapi.platform.messages.control.CommonMessages;
import net.hostingapi.platform.messages.control.Message;
import net.hostingapi.platform.requests.boundary.ClientAddresses;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Request bodies arrive within a deadline, and one client address cannot keep HTTP workers busy
 * with slow ones. A request waiting for its body holds a worker: Payara's read timeout (30 s)
 * counts for each read, so a body sent a byte at a time held it for as long as the client liked,
 * and sixteen such connections, without a token, stopped the service.
 * <ul>
 *   <li>A body must have arrived {@code HTTP_BODY_TIMEOUT_SECONDS} after its reading began
 *       (default 20); otherwise the request is answered 408. The connection's read timeout is
 *       set to what is left before each read, so a read waiting for the next byte ends at the
 *       deadline.</li>
 *   <li>A further request with a body from a client address (an IPv6 address counts by its /64)
 *       is answered 429 at once, without reading it, while {@code HTTP_SLOW_BODIES_PER_ADDRESS}
 *       (default 4) of its bodies have been arriving for more than a second, or as many of its
 *       bodies missed their deadline within the last minute.</li>
 * </ul>
 */
@ApplicationScoped
public class RequestBodies {

    private static final Logger LOG = Logger.getLogger(RequestBodies.class.getName());

    /** A body still arriving after this long counts as slow. */
    static final long SLOW_AFTER_NANOS = TimeUnit.SECONDS.toNanos(1);

    /** How long a body that missed its deadline counts against its address. */
    static final long TIMEOUTS_COUNT_NANOS = TimeUnit.MINUTES.toNanos(1);

    /** Addresses kept at most; past it, those with nothing to remember are dropped. */
    private static final int SWEEP_ABOVE = 10_000;

    @Inject
    @ConfigProperty(name = "HTTP_BODY_TIMEOUT_SECONDS", defaultValue = "20")
    String timeoutSetting;

    @Inject
    @ConfigProperty(name = "HTTP_SLOW_BODIES_PER_ADDRESS", defaultValue = "4")
    String slowPerAddressSetting;

    @Inject
    ClientAddresses clientAddresses;

    private long timeoutNanos;
    private int slowPerAddress;

    /** What is known of each client address (IPv6: its /64) with bodies on their way or missed. */
    private final Map<String, Client> clients = new ConcurrentHashMap<>();

    /** A client address's bodies: when each one being read began, when recent ones missed their deadline. Changed under the map's lock of its key. */
    private static final class Client {
        final List<long[]> reading = new ArrayList<>(2);
        final ArrayDeque<Long> timeouts = new ArrayDeque<>();

        /** Forgets the timeouts older than a minute; whether nothing is left to remember. */
        boolean forget(long now) {
            while (!timeouts.isEmpty() && now - timeouts.peekFirst() > TIMEOUTS_COUNT_NANOS) {
                timeouts.pollFirst();
            }
            return reading.isEmpty() && timeouts.isEmpty();
        }

        long slow(long now) {
            return reading.stream()
                    .filter(begun -> now - begun[0] > SLOW_AFTER_NANOS)
                    .count();
        }
    }

    @PostConstruct
    void readSettings() {
        timeoutNanos = TimeUnit.SECONDS.toNanos(setting("HTTP_BODY_TIMEOUT_SECONDS", timeoutSetting, 20, 3600));
        slowPerAddress = (int) setting("HTTP_SLOW_BODIES_PER_ADDRESS", slowPerAddressSetting, 4, 100_000);
    }

    private static long setting(String name, String value, long fallback, long max) {
        try {
            long parsed = Long.parseLong(value.trim());
            if (parsed >= 1 && parsed <= max) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // logged below
        }
        LOG.severe(() -> name + ": \"" + value + "\" is not a number from 1 to " + max + "; using " + fallback);
        return fallback;
    }

    /**
     * Starts reading the body of {@code request} from {@code body}: the stream to read it from,
     * under the deadline, to be closed when done. A request without a body is not counted, and its
     * stream is empty: without Content-Length and Transfer-Encoding a request has none (RFC 9112,
     * 6.3), but Grizzly hands out the connection's stream for CONNECT, and reading it waited for the
     * client to close, up to the read timeout, holding a worker.
     *
     * @throws ApiException 429 when the client's address already sends too many bodies slowly
     */
    public InputStream start(HttpServletRequest request, long declaredLength, InputStream body) {
        boolean hasBody = declaredLength > 0 || (declaredLength < 0 && request.getHeader("Transfer-Encoding") != null);
        if (!hasBody) {
            return InputStream.nullInputStream(); // most requests (GET): nothing to read or watch
        }
        long begun = System.nanoTime();
        String address = addressKey(clientAddresses.of(request));
        long[] entry = {begun};
        ApiException[] refusal = {null};
        clients.compute(address, (key, known) -> {
            Client client = known == null ? new Client() : known;
            client.forget(begun);
            if (client.slow(begun) >= slowPerAddress) {
                refusal[0] = refusal(
                        "Already " + slowPerAddress + " requests from your address are sending their bodies slowly;"
                                + " retry when they are done",
                        1);
            } else if (client.timeouts.size() >= slowPerAddress) {
                long wait = TIMEOUTS_COUNT_NANOS - (begun - client.timeouts.peekFirst());
                refusal[0] = refusal(
                        client.timeouts.size() + " requests from your address did not send their bodies within "
                                + timeoutSeconds() + " s in the last minute",
                        Math.max(1, TimeUnit.NANOSECONDS.toSeconds(wait) + 1));
            } else {
                client.reading.add(entry);
            }
            return client.forget(begun) ? null : client;
        });
        if (refusal[0] != null) {
            throw refusal[0];
        }
        return new Reading(body, GrizzlyConnection.of(request), address, entry, begun + timeoutNanos);
    }

    /** When the addresses were last swept (nanoTime). */
    private final AtomicLong lastSweep = new AtomicLong(System.nanoTime());

    /**
     * Past {@link #SWEEP_ABOVE} addresses, drops those with nothing left to remember, at most once
     * a second: addresses whose bodies missed their deadline stay until they send again, and many
     * addresses (a distributed attack) would otherwise grow the map without end.
     */
    private void sweep(long now) {
        long last = lastSweep.get();
        if (clients.size() <= SWEEP_ABOVE
                || now - last < TimeUnit.SECONDS.toNanos(1)
                || !lastSweep.compareAndSet(last, now)) {
            return;
        }
        for (String key : clients.keySet()) {
            clients.computeIfPresent(key, (k, client) -> client.forget(now) ? null : client);
        }
    }

    private static ApiException refusal(String text, long retryAfterSeconds) {
        return new ApiException(
                429,
                List.of(Message.of(CommonMessages.TOO_MANY_SLOW_BODIES, text)),
                Map.of("Retry-After", Long.toString(retryAfterSeconds), "Connection", "close"));
    }

    /** IPv4 addresses as they are; IPv6 ones by their /64, which one client usually holds whole. */
    static String addressKey(String address) {
        if (address.indexOf(':') < 0) {
            return address;
        }
        return AddressRange.parse(address + "/64").map(AddressRange::toString).orElse(address);
    }

    /** Seconds a body may take, for messages. */
    long timeoutSeconds() {
        return TimeUnit.NANOSECONDS.toSeconds(timeoutNanos);
    }

    /** One body being read: its stream under the deadline; closing it ends the reading. */
    private final class Reading extends FilterInputStream {

        private final GrizzlyConnection connection;
        private final String address;
        private final long[] entry;
        private final long deadline;
        private final long originalTimeoutMillis;
        private boolean closed;
        private boolean timedOut;

        Reading(InputStream body, GrizzlyConnection connection, String address, long[] entry, long deadline) {
            super(body);
            this.connection = connection;
            this.address = address;
            this.entry = entry;
            this.deadline = deadline;
            this.originalTimeoutMillis = connection == null ? -1 : connection.readTimeoutMillis();
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            int n = read(one, 0, 1);
            return n == -1 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw timeout();
            }
            if (connection != null) {
                connection.readTimeoutMillis(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
            }
            try {
                return super.read(buffer, offset, length);
            } catch (IOException e) {
                // Grizzly's timeout (set to what was left) may end a little before the deadline.
                if (deadline - System.nanoTime() <= 0
                        || ClosedConnections.causedBy(e, TimeoutException.class)
                        || ClosedConnections.causedBy(e, InterruptedIOException.class)) {
                    throw timeout();
                }
                throw e;
            }
        }

        private SocketTimeoutException timeout() {
            if (!timedOut) {
                timedOut = true;
                long now = System.nanoTime();
                clients.compute(address, (key, known) -> {
                    Client client = known == null ? new Client() : known;
                    client.timeouts.addLast(now);
                    return client;
                });
                sweep(now);
            }
            return new SocketTimeoutException("The request body did not arrive within " + timeoutSeconds() + " s");
        }

        @Override
        public void close() throws IOException {
            if (closed) {
                return;
            }
            closed = true;
            clients.computeIfPresent(address, (key, client) -> {
                client.reading.remove(entry);
                return client.forget(System.nanoTime()) ? null : client;
            });
            if (connection != null && originalTimeoutMillis >= 0) {
                connection.readTimeoutMillis(originalTimeoutMillis);
            }
            super.close();
        }
    }

    /**
     * The read timeout of the request's Grizzly connection, which Payara applies to every blocking
     * read of a body. Reached through Payara's public but non-standard methods
     * ({@code RequestFacade.getUnwrappedCoyoteRequest()}, {@code getCoyoteRequest()},
     * {@code getConnection()}); where they are missing, the deadline is checked between reads
     * only, and this is said once in the log.
     */
    static final class GrizzlyConnection {

        private static volatile boolean unavailableLogged;

        /** The methods, looked up for the first request and kept while the request's class is the same. */
        private record Methods(
                Class<?> requestClass, Method unwrap, Method coyote, Method connection, Method get, Method set) {

            static Methods of(Class<?> requestClass) throws ReflectiveOperationException {
                Method unwrap = requestClass.getMethod("getUnwrappedCoyoteRequest");
                Method coyote = unwrap.getReturnType().getMethod("getCoyoteRequest");
                Method connection = coyote.getReturnType().getMethod("getConnection");
                Class<?> type = connection.getReturnType();
                return new Methods(
                        requestClass,
                        unwrap,
                        coyote,
                        connection,
                        type.getMethod("getReadTimeout", TimeUnit.class),
                        type.getMethod("setReadTimeout", long.class, TimeUnit.class));
            }
        }

        private static volatile Methods methods;

        private final Object connection;
        private final Methods of;

        private GrizzlyConnection(Object connection, Methods of) {
            this.connection = connection;
            this.of = of;
        }

        static GrizzlyConnection of(HttpServletRequest request) {
            ServletRequest unwrapped = request;
            while (unwrapped instanceof ServletRequestWrapper wrapper) {
                unwrapped = wrapper.getRequest();
            }
            try {
                Methods known = methods;
                if (known == null || known.requestClass() != unwrapped.getClass()) {
                    known = Methods.of(unwrapped.getClass());
                    methods = known;
                }
                Object catalina = known.unwrap().invoke(unwrapped);
                Object grizzly = known.coyote().invoke(catalina);
                return new GrizzlyConnection(known.connection().invoke(grizzly), known);
            } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
                if (!unavailableLogged) {
                    unavailableLogged = true;
                    LOG.warning(() -> "The connection's read timeout cannot be set (" + e
                            + "): a body's deadline is checked between reads only");
                }
                return null;
            }
        }

        long readTimeoutMillis() {
            try {
                return (Long) of.get().invoke(connection, TimeUnit.MILLISECONDS);
            } catch (ReflectiveOperationException | RuntimeException e) {
                return -1;
            }
        }

        void readTimeoutMillis(long millis) {
            try {
                of.set().invoke(connection, millis, TimeUnit.MILLISECONDS);
            } catch (ReflectiveOperationException | RuntimeException e) {
                // the deadline is still checked between reads
            }
        }
    }
}
