package net.hostingapi.platform.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The rate limit's rule, with the clock in the test's hand. */
class SlidingWindowTest {

    @Test
    void theLimitHoldsPerKeyWithinTheWindow() {
        SlidingWindow window = new SlidingWindow(3, 60_000);
        assertEquals(0, window.acquire("a", 1_000));
        assertEquals(0, window.acquire("a", 2_000));
        assertEquals(0, window.acquire("a", 3_000));
        assertEquals(58, window.acquire("a", 3_000), "until the first request is a minute old");
        assertEquals(0, window.acquire("b", 3_000), "another address has its own count");
    }

    @Test
    void refusedRequestsDoNotProlongTheWait() {
        SlidingWindow window = new SlidingWindow(2, 60_000);
        window.acquire("a", 0);
        window.acquire("a", 30_000);
        for (long t = 31_000; t < 60_000; t += 1_000) {
            assertEquals((60_000 - t + 999) / 1000, window.acquire("a", t));
        }
        assertEquals(0, window.acquire("a", 60_000), "the first request left the window");
        assertEquals(30, window.acquire("a", 60_000));
        assertEquals(0, window.acquire("a", 90_000));
    }

    @Test
    void recordedEventsBlockOnceTheLimitIsReached() {
        SlidingWindow window = new SlidingWindow(2, 60_000);
        window.record("x", 1_000);
        assertEquals(0, window.waitSeconds("x", 1_000));
        window.record("x", 2_000);
        assertEquals(59, window.waitSeconds("x", 2_000), "blocked until the first failure is a minute old");
        window.record("x", 3_000);
        assertEquals(59, window.waitSeconds("x", 3_000), "only the latest events are kept");
        assertEquals(0, window.waitSeconds("x", 63_000));
        assertEquals(0, window.waitSeconds("y", 3_000), "another key has its own count");
    }
}
