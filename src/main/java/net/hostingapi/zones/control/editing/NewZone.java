package net.hostingapi.zones.control.editing;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import java.util.List;
import net.hostingapi.accounts.control.KnownProject;
import net.hostingapi.accounts.control.KnownUser;
import net.hostingapi.platform.parameters.control.FieldUpdate;
import net.hostingapi.platform.parameters.control.Param;
import net.hostingapi.zones.control.names.HostmasterMailbox;
import net.hostingapi.zones.control.records.RecordInput;
import net.hostingapi.zones.control.secondaries.SecondaryInput;

/** Create zone: the spec's fields; clients also send the name as {@code zone}. */
public record NewZone(
        @NotNull @Param(aliases = "zone") String name,
        @HostmasterMailbox String hostmaster,
        @Min(3600) @Max(31556926) Integer refresh,
        @Min(3600) @Max(31556926) Integer expire,
        @Min(600) @Max(31556926) Integer retry,
        @Min(60) @Max(604800) Integer ttl,
        List<@Valid @NotNull RecordInput> records,
        @KnownUser String user,
        @Param("project_uuid") FieldUpdate<@KnownProject String> projectUuid,
        List<@Valid @NotNull SecondaryInput> secondaries) {}
