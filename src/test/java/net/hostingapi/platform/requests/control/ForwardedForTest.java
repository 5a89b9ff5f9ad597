package net.hostingapi.platform.requests.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import net.hostingapi.platform.addresses.entity.AddressRange;
import net.hostingapi.platform.messages.control.ApiException;
import org.junit.jupiter.api.Test;

/** X-Forwarded-For counts only when the peer is a configured proxy. */
class ForwardedForTest {

    private static List<AddressRange> trusted(String list) {
        List<String> rejected = new ArrayList<>();
        List<AddressRange> ranges = AddressRange.parseList(list, rejected);
        assertEquals(List.of(), rejected);
        return ranges;
    }

    @Test
    void withoutTrustedProxiesTheHeaderIsIgnored() {
        assertEquals("192.0.2.7", ForwardedFor.clientAddress("192.0.2.7", List.of("198.51.100.1"), List.of()));
        assertEquals("127.0.0.1", ForwardedFor.clientAddress("127.0.0.1", List.of("198.51.100.1"), trusted(null)));
    }

    @Test
    void thePeersIpv6ScopeIsDropped() {
        assertEquals("fe80::1", ForwardedFor.clientAddress("fe80:0:0:0:0:0:0:1%2", List.of(), List.of()));
        assertEquals(
                "198.51.100.1",
                ForwardedFor.clientAddress("0:0:0:0:0:0:0:1%0", List.of("198.51.100.1"), trusted("::1")));
    }

    @Test
    void anUntrustedPeerCannotSpeakForAnother() {
        assertEquals(
                "192.0.2.7", ForwardedFor.clientAddress("192.0.2.7", List.of("198.51.100.1"), trusted("127.0.0.1")));
    }

    @Test
    void aTrustedProxyNamesTheClient() {
        assertEquals(
                "198.51.100.1", ForwardedFor.clientAddress("127.0.0.1", List.of("198.51.100.1"), trusted("127.0.0.1")));
        assertEquals(
                "2001:db8::5",
                ForwardedFor.clientAddress("127.0.0.1", List.of("[2001:DB8::5]:4711"), trusted("127.0.0.1")));
        assertEquals(
                "198.51.100.1",
                ForwardedFor.clientAddress("127.0.0.1", List.of("198.51.100.1:4711"), trusted("127.0.0.1")));
        assertEquals(
                "127.0.0.1",
                ForwardedFor.clientAddress("127.0.0.1", List.of(), trusted("127.0.0.1")),
                "no header: the proxy itself");
    }

    @Test
    void theChainIsReadFromTheRightUpToTheFirstUntrustedHop() {
        List<AddressRange> proxies = trusted("127.0.0.1, 10.0.0.0/8");
        // A client may prepend anything; only what the trusted proxies appended counts.
        assertEquals(
                "203.0.113.9",
                ForwardedFor.clientAddress("127.0.0.1", List.of("198.51.100.66, 203.0.113.9", "10.2.3.4"), proxies));
        assertEquals(
                "10.9.9.9",
                ForwardedFor.clientAddress("127.0.0.1", List.of("10.9.9.9, 10.2.3.4"), proxies),
                "all hops trusted: the first one");
    }

    @Test
    void aMalformedHopFromATrustedProxyIs400() {
        ApiException refused = assertThrows(
                ApiException.class,
                () -> ForwardedFor.clientAddress("127.0.0.1", List.of("unknown"), trusted("127.0.0.1")));
        assertEquals(400, refused.status());
    }

    @Test
    void entriesThatDoNotParseAreRejectedNotTrusted() {
        List<String> rejected = new ArrayList<>();
        List<AddressRange> ranges = AddressRange.parseList("127.0.0.1, proxy.example, 10.0.0.0/99,", rejected);
        assertEquals(1, ranges.size());
        assertEquals(List.of("proxy.example", "10.0.0.0/99"), rejected);
    }
}
