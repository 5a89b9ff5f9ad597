package net.hostingapi.transfers.control.status;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class WatchedZonesTest {

    @Test
    void thePrimaryIsReadFromNameserverDnsAddress() {
        assertEquals(new WatchedServer(ServerRole.PRIMARY, "127.0.0.1", 5300), WatchedZones.primary("127.0.0.1:5300"));
        assertEquals(new WatchedServer(ServerRole.PRIMARY, "::1", 5300), WatchedZones.primary("[::1]:5300"));
        assertEquals(new WatchedServer(ServerRole.PRIMARY, "::1", 53), WatchedZones.primary("[::1]"));
        assertEquals(new WatchedServer(ServerRole.PRIMARY, "2001:db8::53", 53), WatchedZones.primary("2001:db8::53"));
        assertEquals(new WatchedServer(ServerRole.PRIMARY, "ns.example", 53), WatchedZones.primary("ns.example"));
        assertEquals("127.0.0.1#5300", WatchedZones.primary(" 127.0.0.1:5300 ").label());
    }
}
