package net.hostingapi.platform.logging.control;

import java.io.IOException;
import java.util.logging.Filter;
import java.util.logging.LogRecord;
import java.util.regex.Pattern;

/**
 * Keeps out of the log what the container writes when a client closes its connection before its
 * answer is complete: Jersey logged two SEVERE records with their stack traces, some 240 lines,
 * for every such request, so a client that timed out (or one that did it on purpose, a request
 * at a time) filled the disk and woke whoever alerts on SEVERE. The request log names such
 * answers in one line instead. Set on the container's request-path loggers only, where an
 * {@link IOException} can come from nothing but the client's connection. Catalina's valves log
 * through their container's logger, which writes the stack trace into the message and leaves the
 * record without its exception ("Exception Processing ErrorPage", over a hundred lines, for every
 * client that closed its connection while sending its body): there the trace's text is read.
 */
public final class ClosedConnections implements Filter {

    /** Causes followed at most: a chain that loops stops here. */
    private static final int DEPTH = 8;

    /** An I/O exception as the first line of a written-out stack trace, or as one of its causes. */
    private static final Pattern WRITTEN_OUT_IO_FAILURE =
            Pattern.compile("^(Caused by: )?java\\.io\\.(IOException|EOFException)\\b", Pattern.MULTILINE);

    @Override
    public boolean isLoggable(LogRecord record) {
        if (record.getThrown() != null) {
            return !fromClosedConnection(record.getThrown());
        }
        String message = record.getMessage();
        return message == null
                || !message.contains("java.io.")
                || !WRITTEN_OUT_IO_FAILURE.matcher(message).find();
    }

    static boolean fromClosedConnection(Throwable thrown) {
        return causedBy(thrown, IOException.class);
    }

    /** Whether {@code thrown} or one of its causes (at most {@value #DEPTH} deep) is a {@code kind}. */
    public static boolean causedBy(Throwable thrown, Class<? extends Throwable> kind) {
        Throwable cause = thrown;
        for (int i = 0; cause != null && i < DEPTH; i++, cause = cause.getCause()) {
            if (kind.isInstance(cause)) {
                return true;
            }
        }
        return false;
    }
}
