package net.hostingapi.platform.logging.control;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import org.junit.jupiter.api.Test;

class ClosedConnectionsTest {

    @Test
    void recordsOfAConnectionTheClientClosedAreKeptOut() {
        // as Jersey logs it at the close after a failed write: the I/O failure two causes deep
        LogRecord closing = record(new UncheckedIOException(
                new IOException("Connection is closed", new IOException("Connection reset by peer"))));
        assertFalse(new ClosedConnections().isLoggable(closing));
        LogRecord writing = record(new RuntimeException("mapped", new IOException("Broken pipe")));
        assertFalse(new ClosedConnections().isLoggable(writing));
    }

    /** Catalina's container logger writes the trace into the message and sets no exception. */
    @Test
    void aTraceWrittenIntoTheMessageIsReadToo() {
        LogRecord errorPage = new LogRecord(
                Level.WARNING,
                "org.apache.catalina.core.StandardHostValve@26b5b5a5: Exception Processing ErrorPage[errorCode=0,"
                        + " location=/.error-envelope]\njava.io.IOException: Connection is closed\n\tat"
                        + " org.glassfish.grizzly.nio.NIOConnection.assertOpen(NIOConnection.java:427)\nCaused by:"
                        + " java.io.EOFException\n\tat org.apache.catalina.connector.InputBuffer.read(InputBuffer.java:231)");
        assertFalse(new ClosedConnections().isLoggable(errorPage));
        LogRecord other = new LogRecord(
                Level.WARNING,
                "Exception Processing ErrorPage\njava.lang.IllegalStateException: a bug\n\tat x.y(Z.java:1)"
                        + "\nmentions java.io.IOException in passing");
        assertTrue(new ClosedConnections().isLoggable(other));
    }

    @Test
    void everythingElseGoesThrough() {
        assertTrue(new ClosedConnections()
                .isLoggable(record(new IllegalStateException("a bug", new NullPointerException()))));
        assertTrue(new ClosedConnections().isLoggable(new LogRecord(Level.WARNING, "no exception")));
    }

    @Test
    void aCauseChainThatLoopsEnds() {
        RuntimeException first = new RuntimeException("first");
        RuntimeException second = new RuntimeException("second", first);
        first.initCause(second);
        assertTrue(new ClosedConnections().isLoggable(record(first)));
    }

    private static LogRecord record(Throwable thrown) {
        LogRecord record = new LogRecord(Level.SEVERE, "An I/O error has occurred");
        record.setThrown(thrown);
        return record;
    }
}
