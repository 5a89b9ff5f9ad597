package net.hostingapi.platform.logging.control;

import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import java.util.logging.Filter;
import java.util.logging.Level;
import java.util.logging.LogRecord;

/**
 * Turns what the HTTP listener logs when it is overloaded into a count and a line a minute. When
 * every HTTP worker is busy and the listener's queue is full, Grizzly closes each further
 * connection unanswered and logs SEVERE {@code doSelect exception} with the
 * {@link RejectedExecutionException} and its stack trace, once per connection: 1,743 records in a
 * minute of a benchmark trial, paging whoever alerts on SEVERE once per refused client. Each such
 * record is counted ({@code onDrop}); one in a minute at most goes on, rewritten to a WARNING that
 * says what happened and how often, without the trace. Set on Grizzly's selector logger only.
 */
public final class ListenerOverload implements Filter {

    /** The logger of Grizzly's selector threads, which accept connections and hand them to the workers. */
    public static final String SELECTOR_LOGGER = "org.glassfish.grizzly.nio.SelectorRunner";

    private static final long MINUTE_NANOS = 60_000_000_000L;

    private final Runnable onDrop;
    private final LongSupplier nanoClock;
    private final AtomicLong dropped = new AtomicLong();
    /** Drops already named in a written line. */
    private final AtomicLong reported = new AtomicLong();
    /** When the last line was written ({@link System#nanoTime()}); {@link Long#MIN_VALUE} before the first. */
    private final AtomicLong lastLine = new AtomicLong(Long.MIN_VALUE);

    public ListenerOverload(Runnable onDrop) {
        this(onDrop, System::nanoTime);
    }

    ListenerOverload(Runnable onDrop, LongSupplier nanoClock) {
        this.onDrop = onDrop;
        this.nanoClock = nanoClock;
    }

    @Override
    public boolean isLoggable(LogRecord record) {
        if (!ClosedConnections.causedBy(record.getThrown(), RejectedExecutionException.class)) {
            return true;
        }
        long total = dropped.incrementAndGet();
        onDrop.run();
        long now = nanoClock.getAsLong();
        long last = lastLine.get();
        if (last != Long.MIN_VALUE && now - last < MINUTE_NANOS) {
            return false;
        }
        if (!lastLine.compareAndSet(last, now)) {
            return false; // another selector thread writes this minute's line
        }
        long since = total - reported.getAndSet(total);
        record.setLevel(Level.WARNING);
        record.setThrown(null);
        record.setParameters(null);
        record.setResourceBundle(null);
        record.setMessage("HTTP listener overloaded: every HTTP worker was busy and the listener's queue"
                + " (HTTP_QUEUE_SIZE) was full, so the connection was closed unanswered. " + since
                + (since == 1 ? " connection" : " connections") + " since this line was last written, " + total
                + " since the start (metric http_queue_full_drops_total); written at most once a minute.");
        return true;
    }
}
