package net.hostingapi.zones.control.editing;

import java.util.List;
import net.hostingapi.zones.entity.RecordDraft;

/**
 * A change of a zone's records computed from the records themselves (an RFC 2136 UPDATE: its
 * prerequisites read them, its updates change them in order), run by
 * {@link ZoneEditor#editRecords} under the zone's lock. It may throw an application exception to
 * refuse the change; nothing is stored then.
 */
@FunctionalInterface
public interface RecordEdit {

    /** The zone's records as they are to be, given them as they are (names relative to {@code zoneName}). */
    List<RecordDraft> apply(String zoneName, List<RecordDraft> records);
}
