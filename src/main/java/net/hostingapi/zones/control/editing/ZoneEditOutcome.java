package net.hostingapi.zones.control.editing;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import net.hostingapi.platform.messages.control.Message;
import net.hostingapi.zones.control.ZoneState;
import net.hostingapi.zones.entity.Zone;
import net.hostingapi.zones.entity.ZoneDnssec;
import net.hostingapi.zones.entity.ZoneRecord;

/**
 * What one of {@link ZoneEditor}'s changes left: the changed zone and the warnings the change
 * produced (a record already present, no record matched), returned by every change for its answer.
 * For an addition of records also the zone's state before it and the records added, so the answer
 * can be the previous rendering plus these without reading the zone's other records, and the
 * zone's DNSSEC as read with it ({@code dnssecRead}; a null row: unsigned), and the number of
 * records the zone holds after it ({@code records}; -1 for other changes).
 * <p>
 * Fired as an event for additions only, inside their transaction, for what builds on the zone's
 * state an addition left (its record count, its rendering). Unlike {@link ZoneEdited}, the account
 * of every change for the zone's history, and {@link net.hostingapi.zones.control.ZonesChanged},
 * the names whose served state changed, for publication.
 */
public record ZoneEditOutcome(
        Zone zone,
        List<Message> warnings,
        ZoneState before,
        List<ZoneRecord> added,
        boolean dnssecRead,
        ZoneDnssec dnssec,
        long records,
        CompletableFuture<Boolean> committed) {

    ZoneEditOutcome(Zone zone, List<Message> warnings) {
        this(zone, warnings, null, List.of(), false, null, -1, CompletableFuture.completedFuture(true));
    }

    /**
     * Whether the addition committed, waiting for its transaction to end ({@link AdditionsSettled})
     * at most {@code millis}; false when it rolled back or did not end in time. For what was
     * registered before the commit, while the writer held the zone's lock: the next writer of the
     * zone finds it, and must know whether it became the zone's state.
     */
    public static boolean committedWithin(CompletableFuture<Boolean> committed, long millis) {
        try {
            return committed.get(millis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (ExecutionException | TimeoutException e) {
            return false;
        }
    }
}
