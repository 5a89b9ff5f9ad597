package net.hostingapi.platform.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.junit.jupiter.api.Test;

class RequestBodiesTest {

    @Test
    void anIpv4AddressCountsAlone() {
        assertEquals("198.51.100.7", RequestBodies.addressKey("198.51.100.7"));
        assertNotEquals(RequestBodies.addressKey("198.51.100.7"), RequestBodies.addressKey("198.51.100.8"));
    }

    @Test
    void ipv6AddressesCountByTheirSlash64() {
        assertEquals(RequestBodies.addressKey("2001:db8:1:2::1"), RequestBodies.addressKey("2001:db8:1:2:ffff::9"));
        assertNotEquals(RequestBodies.addressKey("2001:db8:1:2::1"), RequestBodies.addressKey("2001:db8:1:3::1"));
        assertEquals("2001:db8:1:2:0:0:0:0/64", RequestBodies.addressKey("2001:db8:1:2:0:0:0:1"));
    }

    @Test
    void somethingThatIsNoAddressCountsAsItIs() {
        assertEquals("unix:socket", RequestBodies.addressKey("unix:socket"));
    }
}
