package net.hostingapi.datacenter.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import net.hostingapi.platform.messages.control.ApiException;
import net.hostingapi.platform.messages.control.CommonMessages;
import org.junit.jupiter.api.Test;

/** Every accepted spelling of a machine's address, and the refusal of everything else. */
class MachineAddressTest {

    @Test
    void everyMacSpellingIsTheSameMachine() {
        for (String spelling : List.of(
                "aa:bb:cc:0d:ee:ff",
                "AA:BB:CC:0D:EE:FF",
                "aa-bb-cc-0d-ee-ff",
                "AA-BB-CC-0D-EE-FF",
                "Aa:bB:cC:0d:Ee:fF")) {
            MachineAddress address = MachineAddress.parse(spelling);
            assertEquals(MachineAddress.Type.MAC, address.type(), spelling);
            assertEquals("aa:bb:cc:0d:ee:ff", address.value(), spelling);
        }
    }

    @Test
    void ipAddressesAreCanonical() {
        assertEquals(new MachineAddress(MachineAddress.Type.IP, "192.0.2.10"), MachineAddress.parse("192.0.2.10"));
        assertEquals("2001:db8::1", MachineAddress.parse("2001:DB8:0:0:0:0:0:1").value());
        assertEquals("2001:db8::1", MachineAddress.parse("2001:0db8::0001").value());
        assertEquals("::1", MachineAddress.parse("0:0:0:0:0:0:0:1").value());
        assertEquals(
                "2001:db8:0:1:1:1:1:1",
                MachineAddress.parse("2001:db8:0:1:1:1:1:1").value(),
                "a single zero group stays");
        assertEquals(
                "2001:0:0:1::1",
                MachineAddress.ip("2001:0:0:1:0:0:0:1").orElseThrow(),
                "the longest zero run is compressed");
        assertEquals(
                "192.0.2.1",
                MachineAddress.parse("::ffff:192.0.2.1").value(),
                "an IPv4-mapped address is its IPv4 address");
    }

    @Test
    void malformedAddressesAre400() {
        for (String bad : List.of(
                "",
                "aa:bb:cc:dd:ee",
                "aa:bb:cc:dd:ee:ff:00",
                "aa:bb-cc:dd:ee:ff",
                "gg:bb:cc:dd:ee:ff",
                "aabb.ccdd.eeff",
                "256.1.1.1",
                "01.2.3.4",
                "1.2.3",
                "example.com",
                "localhost",
                "1:2:3:4:5:6:7:8:9",
                "fe80::1%eth0",
                "[::1]",
                "aa:bb:cc:dd:ee:ff\n#",
                "${net0/mac}")) {
            ApiException refused = assertThrows(ApiException.class, () -> MachineAddress.parse(bad), bad);
            assertEquals(400, refused.status(), bad);
            assertEquals(
                    CommonMessages.MALFORMED_ADDRESS, refused.errors().get(0).code());
        }
    }
}
