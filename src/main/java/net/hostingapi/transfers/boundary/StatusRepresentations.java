package net.hostingapi.transfers.boundary;

import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import net.hostingapi.platform.json.control.JsonFields;
import net.hostingapi.platform.openapi.boundary.WireShape;
import net.hostingapi.platform.openapi.boundary.WireShapes;
import net.hostingapi.transfers.control.status.ServerStatus;
import net.hostingapi.transfers.control.status.ZoneStatus;

/**
 * A zone's change status on the wire (api.md, Change status). Serials are strings of digits, as
 * in the Zone: a published client decodes them as strings.
 */
public final class StatusRepresentations implements WireShapes {

    static final WireShape<ServerStatus> SERVER = WireShape.<ServerStatus>named(
                    "ServerStatus",
                    "One nameserver of the zone: server (address#port), role (primary: the nameserver the service"
                            + " publishes to; fleet: one of the operator's secondaries; secondary: one of the zone's"
                            + " secondaries), the serial it answered to an SOA query (null: no authoritative answer,"
                            + " error says why), in_sync (that serial is the stored one or later, RFC 1982) and when"
                            + " it was asked (UTC).")
            .string("server", s -> s.server().label())
            .string("role", s -> s.server().role().wireName())
            .string(
                    "serial",
                    s -> s.served().serial() == null
                            ? null
                            : Long.toString(s.served().serial()))
            .nullable()
            .bool("in_sync", ServerStatus::inSync)
            .timestamp("checked_at", s -> LocalDateTime.ofInstant(s.served().askedAt(), ZoneOffset.UTC))
            .string("error", s -> s.served().error())
            .nullable();

    static final WireShape<ZoneStatus> STATUS = WireShape.<ZoneStatus>named(
                    "ChangeStatus",
                    "Whether the zone as stored is what its nameservers serve: the stored serial, and in_sync when"
                            + " every nameserver (the primary first) answers it or a later one.")
            .string("zone", ZoneStatus::zone)
            .string("serial", s -> Long.toString(s.serial()))
            .bool("in_sync", ZoneStatus::inSync)
            .json("servers", "[ServerStatus]", s -> JsonFields.array(s.servers(), SERVER::write));

    /** For {@link java.util.ServiceLoader} only (META-INF/services): the payloads are static. */
    public StatusRepresentations() {}

    @Override
    public List<WireShape<?>> shapes() {
        return List.of(STATUS, SERVER);
    }
}
