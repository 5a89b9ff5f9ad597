package net.hostingapi.zones.control.editing;

import java.util.List;
import net.hostingapi.zones.control.records.RecordInput;

/**
 * What a zone holds as a whole: its SOA settings (null: the zone's, or for a new zone the
 * defaults) and all its records. Import and restore write a zone's content in one change.
 */
public record ZoneContent(
        String hostmaster, Integer refresh, Integer retry, Integer expire, Integer ttl, List<RecordInput> records) {}
