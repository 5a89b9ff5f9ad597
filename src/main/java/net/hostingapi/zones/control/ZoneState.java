package net.hostingapi.zones.control;

import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import net.hostingapi.zones.entity.Zone;

/**
 * Everything a zone's representation depends on, in a few values: two equal states render
 * alike. The version covers the zone's own row, its records and domains (every change goes
 * through {@code Zone.changed()}); user and project are named apart because deleting them
 * unlinks the zone in the database without touching the zone's row. The creation time tells
 * a zone from a later one that might get the same id (a database restored from a backup).
 */
public record ZoneState(long zoneId, LocalDateTime createdAt, long version, String user, String projectUuid) {

    public static ZoneState of(Zone zone) {
        return new ZoneState(
                zone.id(),
                zone.createdAt().truncatedTo(ChronoUnit.SECONDS),
                zone.version(),
                zone.user() == null ? null : zone.user().username(),
                zone.project() == null ? null : zone.project().uuid());
    }
}
