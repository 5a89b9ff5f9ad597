package net.hostingapi.platform.addresses.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** IP literals without name lookups, and the address ranges TRUSTED_PROXIES lists. */
class IpLiteralTest {

    @Test
    void namesAreNeverLookedUp() {
        assertEquals(Optional.empty(), IpLiteral.inet("localhost"));
        assertEquals(Optional.empty(), IpLiteral.inet("deb.debian.org"));
        assertTrue(IpLiteral.inet("::").isPresent());
    }

    @Test
    void rangesMatchAddressesAndBlocks() {
        AddressRange single = AddressRange.parse("127.0.0.1").orElseThrow();
        assertTrue(single.contains(IpLiteral.inet("127.0.0.1").orElseThrow()));
        assertTrue(!single.contains(IpLiteral.inet("127.0.0.2").orElseThrow()));
        AddressRange block = AddressRange.parse("10.1.0.0/17").orElseThrow();
        assertTrue(block.contains(IpLiteral.inet("10.1.127.255").orElseThrow()));
        assertTrue(!block.contains(IpLiteral.inet("10.1.128.0").orElseThrow()));
        AddressRange v6 = AddressRange.parse("fd00::/8").orElseThrow();
        assertTrue(v6.contains(IpLiteral.inet("fd12::1").orElseThrow()));
        assertTrue(!v6.contains(IpLiteral.inet("10.1.1.1").orElseThrow()));
        assertEquals(Optional.empty(), AddressRange.parse("10.0.0.0/33"));
        assertEquals(Optional.empty(), AddressRange.parse("proxy.example"));
    }
}
