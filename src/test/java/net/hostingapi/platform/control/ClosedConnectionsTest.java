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
        assertFalse(new ClosedConnections().isLoggable(closing));
        LogRecord writing = record(new RuntimeException("mapped", new IOException("Broken pipe")));
        assertFalse(new ClosedConnections().isLoggable(writing));
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
