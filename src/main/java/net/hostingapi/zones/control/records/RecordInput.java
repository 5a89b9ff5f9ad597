package net.hostingapi.zones.control.records;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import net.hostingapi.platform.parameters.control.FieldUpdate;
import net.hostingapi.platform.parameters.control.Param;
import net.hostingapi.platform.validation.control.Characters;
import net.hostingapi.zones.control.names.RecordNames;
import net.hostingapi.zones.entity.RecordType;

/** A record as create, add and update take it: name, type and data required; a null ttl inherits the zone's. */
public record RecordInput(
        @NotNull @Characters(max = RecordNames.MAX_LENGTH) @Param(keepEmpty = true)
        String name,

        FieldUpdate<@Min(60) @Max(604800) Integer> ttl,
        @NotNull RecordType type,

        @NotNull @Characters(max = RecordData.MAX_TXT_LENGTH)
        String data) {}
