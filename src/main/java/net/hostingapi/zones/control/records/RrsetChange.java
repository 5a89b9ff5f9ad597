package net.hostingapi.zones.control.records;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import java.util.List;
import net.hostingapi.platform.parameters.control.Param;
import net.hostingapi.platform.validation.control.Characters;
import net.hostingapi.zones.control.names.RecordNames;
import net.hostingapi.zones.entity.RecordType;

/**
 * One RRset of rrsets/change: the records of {@code name} and {@code type} become {@code records}
 * (their data; none deletes the RRset), each with {@code ttl} (absent: the zone's). {@code records}
 * is required, so that a change never deletes an RRset because its list was left out.
 */
public record RrsetChange(
        @NotNull @Characters(max = RecordNames.MAX_LENGTH) @Param(keepEmpty = true)
        String name,

        @NotNull RecordType type,
        @Min(60) @Max(604800) Integer ttl,

        @NotNull List<@NotNull @Characters(max = RecordData.MAX_TXT_LENGTH) String> records) {}
