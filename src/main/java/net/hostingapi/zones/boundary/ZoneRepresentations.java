package net.hostingapi.zones.boundary;

import jakarta.json.JsonObject;
import net.hostingapi.platform.control.JsonFields;
import net.hostingapi.zones.control.ZoneCatalog;
import net.hostingapi.zones.entity.AssignedDomain;
import net.hostingapi.zones.entity.Zone;
import net.hostingapi.zones.entity.ZoneRecord;

/**
 * Zones and records on the wire (contract section 5). In records, {@code ttl} and {@code zone_id}
 * are strings of digits: a published client decodes them as strings and fails on numbers.
 */
final class ZoneRepresentations {

    private ZoneRepresentations() {
    }

    static JsonObject zone(Zone zone) {
        return JsonFields.object()
                .put("id", zone.id())
                .put("name", zone.name())
                .put("nameUnicode", zone.nameUnicode())
                .put("serial", Long.toString(zone.serial()))
                .put("hostmaster", zone.hostmaster())
                .put("refresh", zone.refresh())
                .put("retry", zone.retry())
                .put("expire", zone.expire())
                .put("ttl", zone.ttl())
                .put("ns_first", zone.nsFirst())
                .put("ns_second", zone.nsSecond())
                .put("records", JsonFields.array(zone.records(), r -> record(r, zone)))
                .put("domains", JsonFields.array(zone.domains(), ZoneRepresentations::domain))
                .put("user", zone.user() == null ? null : zone.user().username())
                .put("project_uuid", zone.project() == null ? null : zone.project().uuid())
                .put("created_at", zone.createdAt())
                .put("updated_at", zone.updatedAt())
                .build();
    }

    static JsonObject record(ZoneRecord record, Zone zone) {
        return JsonFields.object()
                .put("id", record.id())
                .put("name", record.name())
                .put("ttl", record.ttl() == null ? null : record.ttl().toString())
                .put("type", record.type().name())
                .put("data", record.data())
                .put("zone_id", zone.id().toString())
                .put("created_at", record.createdAt())
                .put("updated_at", record.updatedAt())
                .build();
    }

    static JsonObject domain(AssignedDomain domain) {
        return JsonFields.object()
                .put("name", domain.name())
                .put("created_at", domain.createdAt())
                .build();
    }

    static JsonObject statistics(ZoneCatalog.Statistics statistics) {
        var byType = JsonFields.JSON.createObjectBuilder();
        statistics.recordsByType().forEach(byType::add);
        return JsonFields.object()
                .put("zones", statistics.zones())
                .put("records", statistics.records())
                .put("domains", statistics.domains())
                .put("records_by_type", byType.build())
                .build();
    }
}
