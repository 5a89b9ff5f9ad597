package net.hostingapi.zones.control.secondaries;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import net.hostingapi.platform.validation.control.Characters;

/** One of {@code secondaries[]} in create and update: an IP address, a port (53 when absent), a TSIG key's name or none. */
public record SecondaryInput(
        @NotBlank @Characters(max = 45) String address,
        @Min(1) @Max(65535) Integer port,
        @Characters(min = 1, max = 255) String key) {}
