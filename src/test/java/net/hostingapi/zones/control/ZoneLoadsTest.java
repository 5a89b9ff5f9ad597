package net.hostingapi.zones.control;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

class ZoneLoadsTest {

    private final ZoneLoads loads = new ZoneLoads();

    @Test
    void aLoadWaitsWhileTheLoadsUnderWayLeaveNoRoomAndGoesOnWhenOneEnds() throws Exception {
        ZoneLoads.Admitted first = loads.admit(15_000);
        ZoneLoads.Admitted second = loads.admit(5_000);
        CompletableFuture<ZoneLoads.Admitted> third = CompletableFuture.supplyAsync(() -> loads.admit(5_000));
        assertFalse(admitted(third, 300), "admitted while 20,000 records load");
        second.close();
        assertTrue(admitted(third, 10_000), "admitted once 5,000 are done");
        third.get().close();
        first.close();
    }

    @Test
    void aZoneOfMoreRecordsThanTheBoundLoadsAloneAndSmallLoadsNeverWait() throws Exception {
        ZoneLoads.Admitted other = loads.admit(1_000);
        CompletableFuture<ZoneLoads.Admitted> huge = CompletableFuture.supplyAsync(() -> loads.admit(100_000));
        assertFalse(admitted(huge, 300), "a zone of 100,000 records loads beside another");
        CompletableFuture<ZoneLoads.Admitted> small = CompletableFuture.supplyAsync(() -> loads.admit(999));
        assertTrue(admitted(small, 10_000), "a load of 999 records does not wait");
        other.close();
        assertTrue(admitted(huge, 10_000), "a zone of 100,000 records loads alone");
        CompletableFuture<ZoneLoads.Admitted> next = CompletableFuture.supplyAsync(() -> loads.admit(1_000));
        assertFalse(admitted(next, 300), "a load beside the zone of 100,000 records");
        huge.get().close();
        assertTrue(admitted(next, 10_000), "the next load after it");
        next.get().close();
        small.get().close();
    }

    /** Whether the load is admitted within {@code millis} (long when it should be, short when it should not). */
    private static boolean admitted(CompletableFuture<ZoneLoads.Admitted> admission, long millis) throws Exception {
        try {
            admission.get(millis, TimeUnit.MILLISECONDS);
            return true;
        } catch (TimeoutException e) {
            return false;
        }
    }
}
