package net.hostingapi.platform.parameters.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Proxy;
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

    /** CONNECT without Content-Length: Grizzly's stream is the connection's, read until the client closes. */
    @Test
    void aRequestThatDeclaresNoBodyIsNotReadAtAll() throws IOException {
        HttpServletRequest noBodyDeclared = (HttpServletRequest) Proxy.newProxyInstance(
                getClass().getClassLoader(), new Class<?>[] {HttpServletRequest.class}, (proxy, method, args) -> null);
        InputStream connection = new InputStream() {
            @Override
            public int read() {
                throw new AssertionError("the connection was read");
            }
        };
        for (long declared : new long[] {-1, 0}) {
            assertEquals(
                    -1,
                    new RequestBodies()
                            .start(noBodyDeclared, declared, connection)
                            .read());
        }
    }
}
