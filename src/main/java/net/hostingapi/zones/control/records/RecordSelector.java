package net.hostingapi.zones.control.records;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import net.hostingapi.platform.parameters.control.FieldUpdate;
import net.hostingapi.platform.validation.control.Characters;
import net.hostingapi.zones.control.names.RecordNames;
import net.hostingapi.zones.entity.RecordType;

/**
 * An element of records delete: every given, non-empty selector must match (AND); a record
 * matching any element is deleted (OR). An element with no selector at all is refused.
 */
public record RecordSelector(
        @Characters(max = RecordNames.MAX_LENGTH) String name,
        FieldUpdate<@Min(60) @Max(604800) Integer> ttl,
        RecordType type,
        @Characters(max = RecordData.MAX_TXT_LENGTH) String data,
        @Min(1) Long id) {

    boolean isEmpty() {
        return name == null && !ttl.isSet() && type == null && data == null && id == null;
    }
}
