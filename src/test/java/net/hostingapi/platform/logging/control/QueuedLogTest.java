package net.hostingapi.platform.logging.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class QueuedLogTest {

    /** What the handler received: message and the thread that passed it on. */
    private final List<String> written = new CopyOnWriteArrayList<>();
    /** Holds the writer thread inside the handler, as a slow disk would, until counted down. */
    private final CountDownLatch disk = new CountDownLatch(1);

    private Logger logger;
    private QueuedLog log;

    @BeforeEach
    void logger() {
        logger = Logger.getLogger("queued-log-test-" + System.nanoTime());
        logger.setUseParentHandlers(false);
        logger.addHandler(new Handler() {
            @Override
            public void publish(LogRecord record) {
                if (Thread.currentThread().getName().startsWith("log-writer")) {
                    try {
                        disk.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                written.add(
                        record.getMessage() + " by " + Thread.currentThread().getName());
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        });
    }

    @AfterEach
    void close() {
        disk.countDown();
        if (log != null) {
            log.close();
        }
    }

    @Test
    @Timeout(30)
    void callersDoNotWaitForTheHandlerAndLinesKeepTheirOrder() throws Exception {
        log = new QueuedLog(logger, 100, Thread::new);
        for (int i = 0; i < 50; i++) {
            log.log(new LogRecord(Level.INFO, "line " + i)); // would wait here for ever if written by the caller
        }
        assertTrue(written.isEmpty(), "nothing passed the held handler yet: " + written);
        disk.countDown();
        awaitWritten(50);
        for (int i = 0; i < 50; i++) {
            assertEquals("line " + i + " by log-writer " + logger.getName(), written.get(i));
        }
    }

    @Test
    @Timeout(30)
    void aFullQueueMakesTheCallerWriteItsLineNoneIsDropped() throws Exception {
        log = new QueuedLog(logger, 1, Thread::new);
        log.log(new LogRecord(Level.INFO, "first")); // taken by the writer, held in the handler
        awaitQueueEmptied();
        log.log(new LogRecord(Level.INFO, "second")); // fills the queue
        log.log(new LogRecord(Level.INFO, "third")); // no room: written by this thread
        assertEquals(List.of("third by " + Thread.currentThread().getName()), written);
        disk.countDown();
        awaitWritten(3);
        assertEquals(
                List.of("first by log-writer " + logger.getName(), "second by log-writer " + logger.getName()),
                written.subList(1, 3));
    }

    @Test
    @Timeout(30)
    void closingWritesWhatIsStillQueued() {
        log = new QueuedLog(logger, 100, Thread::new);
        log.log(new LogRecord(Level.INFO, "held"));
        for (int i = 0; i < 10; i++) {
            log.log(new LogRecord(Level.INFO, "queued " + i));
        }
        disk.countDown();
        log.close();
        assertEquals(11, written.size(), written.toString());
        log.log(new LogRecord(Level.INFO, "after"));
        assertEquals("after by " + Thread.currentThread().getName(), written.get(11));
    }

    private void awaitWritten(int count) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (written.size() < count && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertEquals(count, written.size(), written.toString());
    }

    /** Until the writer has taken the first record into the (held) handler. */
    private void awaitQueueEmptied() throws InterruptedException {
        Thread.sleep(200);
        for (int i = 0; i < 100 && log.queued() > 0; i++) {
            Thread.sleep(20);
        }
        assertEquals(0, log.queued());
    }
}
