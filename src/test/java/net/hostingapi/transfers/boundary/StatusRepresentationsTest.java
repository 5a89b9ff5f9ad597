package net.hostingapi.transfers.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.json.Json;
import java.time.Instant;
import java.util.List;
import net.hostingapi.transfers.control.status.ServedSerial;
import net.hostingapi.transfers.control.status.ServerRole;
import net.hostingapi.transfers.control.status.ServerStatus;
import net.hostingapi.transfers.control.status.WatchedServer;
import net.hostingapi.transfers.control.status.ZoneStatus;
import org.junit.jupiter.api.Test;

/** The status as api.md's Change status writes it: serials as strings of digits, roles in lower case, UTC times. */
class StatusRepresentationsTest {

    private static final Instant AT = Instant.parse("2026-11-29T18:25:45.321Z");

    @Test
    void aStatusIsWrittenAsTheContractSays() {
        ZoneStatus status = new ZoneStatus(
                "example.com",
                2026112902L,
                List.of(
                        new ServerStatus(
                                new WatchedServer(ServerRole.PRIMARY, "127.0.0.1", 5300),
                                new ServedSerial(2026112902L, null, AT, AT),
                                true),
                        new ServerStatus(
                                new WatchedServer(ServerRole.SECONDARY, "2001:db8::53", 53),
                                new ServedSerial(null, "answered REFUSED", AT, AT),
                                false)));
        assertEquals(
                Json.createObjectBuilder()
                        .add("zone", "example.com")
                        .add("serial", "2026112902")
                        .add("in_sync", false)
                        .add(
                                "servers",
                                Json.createArrayBuilder()
                                        .add(Json.createObjectBuilder()
                                                .add("server", "127.0.0.1#5300")
                                                .add("role", "primary")
                                                .add("serial", "2026112902")
                                                .add("in_sync", true)
                                                .add("checked_at", "2026-11-29 18:25:45")
                                                .addNull("error"))
                                        .add(Json.createObjectBuilder()
                                                .add("server", "2001:db8::53#53")
                                                .add("role", "secondary")
                                                .addNull("serial")
                                                .add("in_sync", false)
                                                .add("checked_at", "2026-11-29 18:25:45")
                                                .add("error", "answered REFUSED")))
                        .build(),
                StatusRepresentations.STATUS.write(status));
    }
}
