package net.hostingapi.zones.control.editing;

import java.util.List;
import java.util.Map;
import net.hostingapi.zones.entity.RecordDraft;

/**
 * One committed change of a zone, fired inside its transaction (observers that write take part
 * in it: the change history). {@code settings} maps each changed SOA setting to its value before
 * and after ({@code null} before a create and after a delete); {@code domain} is the domain of
 * an assignment or dissociation. Serials are null where there was or is no zone. Fired for every
 * change, unlike {@link ZoneEditOutcome}, which the change returns for its answer (and fires for
 * additions only), and {@link net.hostingapi.zones.control.ZonesChanged}, the names to publish.
 */
public record ZoneEdited(
        long accountId,
        long zoneId,
        String zoneName,
        ZoneOperation operation,
        List<RecordDraft> added,
        List<RecordDraft> removed,
        Map<String, Object[]> settings,
        Long serialBefore,
        Long serialAfter,
        String domain) {}
