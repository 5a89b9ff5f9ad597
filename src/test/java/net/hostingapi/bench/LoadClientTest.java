package net.hostingapi.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The harness's arithmetic: percentiles and what is counted as measured, errors and failures. No timing is asserted. */
class LoadClientTest {

    @Test
    void percentilesAreNearestRank() {
        long[] hundred = new long[100];
        for (int i = 0; i < 100; i++) {
            hundred[i] = i + 1;
        }
        assertEquals(50, LoadClient.percentile(hundred, 50));
        assertEquals(99, LoadClient.percentile(hundred, 99));
        assertEquals(100, LoadClient.percentile(hundred, 100));
        assertEquals(7, LoadClient.percentile(new long[] {7}, 99));
        assertEquals(2, LoadClient.percentile(new long[] {1, 2, 3}, 50));
        assertEquals(0, LoadClient.percentile(new long[0], 50));
    }

    @Test
    void countedRunsMeasureOnlySuccessesAfterTheWarmUpAndCountEveryProblem() {
        // per thread: 2 warm-up calls, then 6 measured: 200, 503, 404, exception, 204, 200
        int[] statuses = {200, 200, 200, 503, 404, -1, 204, 200};
        LoadClient.Result result = LoadClient.run(LoadClient.Plan.counted(3, 2, 6, Duration.ofSeconds(60)), t -> {
            int[] n = {0};
            return () -> {
                int status = statuses[n[0]++];
                if (status < 0) {
                    throw new IOException("connection reset");
                }
                return status;
            };
        });
        assertEquals(3 * 8, result.calls());
        assertEquals(3 * 5, result.ok());
        assertEquals(3 * 3, result.measured(), "2xx answers after the warm-up");
        assertEquals(3 * 2, result.non2xx());
        assertEquals(3, result.status5xx());
        assertEquals(3, result.failed());
        assertEquals("HTTP 503", result.firstProblem());
        assertFalse(result.cutShort());
    }

    @Test
    void aCountedRunsWindowOpensAfterEveryThreadsWarmUpCalls() {
        AtomicInteger made = new AtomicInteger();
        int[] atOpen = {-1};
        int[] atClose = {-1};
        LoadClient.Result result = LoadClient.run(
                LoadClient.Plan.counted(3, 4, 5, Duration.ofSeconds(60)),
                t -> () -> {
                    made.incrementAndGet();
                    Thread.sleep(t); // threads at different paces
                    return 200;
                },
                new LoadClient.Window() {
                    @Override
                    public void opened() {
                        atOpen[0] = made.get();
                    }

                    @Override
                    public void closed() {
                        atClose[0] = made.get();
                    }
                });
        assertEquals(3 * 4, atOpen[0], "every warm-up call made, no measured one yet");
        assertEquals(3 * 9, atClose[0]);
        assertEquals(3 * 5, result.measured());
    }
}
