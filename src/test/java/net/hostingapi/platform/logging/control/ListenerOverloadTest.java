package net.hostingapi.platform.logging.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import org.junit.jupiter.api.Test;

class ListenerOverloadTest {

    private final AtomicInteger counted = new AtomicInteger();
    private final AtomicLong clock = new AtomicLong(5_000_000_000L);
    private final ListenerOverload filter = new ListenerOverload(counted::incrementAndGet, clock::get);

    @Test
    void theFirstDropIsOneWarningWithoutItsTraceAndTheRestOfTheMinuteOnlyCount() {
        LogRecord first = queueFull();
        assertTrue(filter.isLoggable(first));
        assertEquals(Level.WARNING, first.getLevel());
        assertNull(first.getThrown(), "no stack trace");
        assertTrue(
                first.getMessage().contains("HTTP listener overloaded")
                        && first.getMessage()
                                .contains("1 connection since this line was last written, 1 since the start"),
                first.getMessage());

        for (int i = 0; i < 5; i++) {
            clock.addAndGet(11_000_000_000L);
            assertFalse(filter.isLoggable(queueFull()), "within the minute: counted only");
        }
        clock.addAndGet(6_000_000_000L); // 61 s after the first line
        LogRecord next = queueFull();
        assertTrue(filter.isLoggable(next));
        assertTrue(
                next.getMessage().contains("6 connections since this line was last written, 7 since the start"),
                next.getMessage());
        assertEquals(7, counted.get(), "every drop counted");
    }

    @Test
    void aRejectionFoundAsACauseCounts() {
        LogRecord wrapped = new LogRecord(Level.SEVERE, "doSelect exception");
        wrapped.setThrown(new IllegalStateException(new RejectedExecutionException("task queue is full")));
        assertTrue(filter.isLoggable(wrapped));
        assertEquals(1, counted.get());
    }

    @Test
    void everythingElseGoesThroughUntouched() {
        LogRecord other = new LogRecord(Level.SEVERE, "doSelect exception");
        IllegalStateException bug = new IllegalStateException("a bug");
        other.setThrown(bug);
        assertTrue(filter.isLoggable(other));
        assertEquals(Level.SEVERE, other.getLevel());
        assertSame(bug, other.getThrown());
        assertEquals("doSelect exception", other.getMessage());
        assertTrue(filter.isLoggable(new LogRecord(Level.INFO, "no exception")));
        assertEquals(0, counted.get());
    }

    /** As Grizzly's selector logs it when the workers' queue refuses a connection. */
    private static LogRecord queueFull() {
        LogRecord record = new LogRecord(Level.SEVERE, "doSelect exception");
        record.setThrown(new RejectedExecutionException("The thread pool's task queue is full, limit: 4096"));
        return record;
    }
}
