package net.hostingapi.platform.control;

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
        assertFalse(new ClosedConnections(null).isLoggable(closing));
        LogRecord writing = record(new RuntimeException("mapped", new IOException("Broken pipe")));
        assertFalse(new ClosedConnections(null).isLoggable(writing));
    }

    @Test
    void everythingElseGoesThroughAndThePreviousFilterStillDecides() {
        LogRecord failure = record(new IllegalStateException("a bug", new NullPointerException()));
        assertTrue(new ClosedConnections(null).isLoggable(failure));
        assertTrue(new ClosedConnections(null).isLoggable(new LogRecord(Level.WARNING, "no exception")));
        assertFalse(new ClosedConnections(record -> false).isLoggable(failure));
        assertTrue(new ClosedConnections(record -> true).isLoggable(failure));
    }

    @Test
    void aCauseChainThatLoopsEnds() {
        RuntimeException first = new RuntimeException("first");
        RuntimeException second = new RuntimeException("second", first);
        first.initCause(second);
        assertTrue(new ClosedConnections(null).isLoggable(record(first)));
    }

    private static LogRecord record(Throwable thrown) {
        LogRecord record = new LogRecord(Level.SEVERE, "An I/O error has occurred");
        record.setThrown(thrown);
        return record;
    }
}
