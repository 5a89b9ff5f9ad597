package net.hostingapi.transfers.control.status;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class ServerStatusTest {

    private static final Instant AT = Instant.parse("2025-01-02T03:04:05Z");
    private static final WatchedServer SECONDARY = new WatchedServer(ServerRole.SECONDARY, "192.0.2.1", 53);

    @Test
    void theStoredSerialOrALaterOneIsInSync() {
        assertTrue(ServerStatus.caughtUp(2025010201L, 2025010201L));
        assertTrue(ServerStatus.caughtUp(2025010202L, 2025010201L), "a signer's serial above ours");
        assertFalse(ServerStatus.caughtUp(2025010200L, 2025010201L));
        assertFalse(ServerStatus.caughtUp(2024123199L, 2025010201L));
    }

    @Test
    void serialsCompareInRfc1982Arithmetic() {
        // 5 follows 4294967290: it wrapped past 2^32
        assertTrue(ServerStatus.caughtUp(5L, 4294967290L));
        assertFalse(ServerStatus.caughtUp(4294967290L, 5L));
        assertFalse(ServerStatus.caughtUp(1L << 32, 1L), "not a 32-bit serial");
    }

    @Test
    void noAnswerIsNeverInSync() {
        ServerStatus silent =
                ServerStatus.of(SECONDARY, ServedSerial.failed("no answer within 1000 ms", AT, AT), 2025010201L);
        assertFalse(silent.inSync());
        ServerStatus behind = ServerStatus.of(SECONDARY, ServedSerial.served(2025010200L, AT, AT), 2025010201L);
        assertFalse(behind.inSync());
        ServerStatus caughtUp = ServerStatus.of(SECONDARY, ServedSerial.served(2025010201L, AT, AT), 2025010201L);
        assertTrue(caughtUp.inSync());
    }

    @Test
    void aZoneIsInSyncWhenEveryServerIs() {
        WatchedServer primary = new WatchedServer(ServerRole.PRIMARY, "127.0.0.1", 53);
        ServerStatus primaryServes = ServerStatus.of(primary, ServedSerial.served(7, AT, AT), 7);
        ServerStatus secondaryBehind = ServerStatus.of(SECONDARY, ServedSerial.served(6, AT, AT), 7);
        ServerStatus secondaryServes = ServerStatus.of(SECONDARY, ServedSerial.served(7, AT, AT), 7);
        assertFalse(new ZoneStatus("example.com", 7, List.of(primaryServes, secondaryBehind)).inSync());
        assertTrue(new ZoneStatus("example.com", 7, List.of(primaryServes, secondaryServes)).inSync());
        assertEquals("192.0.2.1#53", SECONDARY.label());
    }
}
