package net.hostingapi.nameserver.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import net.hostingapi.transfers.control.TransferKey;
import net.hostingapi.transfers.control.TransferTarget;
import org.junit.jupiter.api.Test;

/** What PowerDNS's metadata says of a zone's secondaries, as PowerDnsPublisher sets it. */
class PowerDnsTransfersTest {

    @Test
    void addressesWithoutKeyMayTransferAndEveryoneIsNotified() {
        TransferKey fleet = new TransferKey("fleet.tsig", "hmac-sha256", "c2VjcmV0");
        Map<String, List<String>> metadata = PowerDnsPublisher.transferMetadata(List.of(
                new TransferTarget("127.0.0.3", 5300, fleet),
                new TransferTarget("192.0.2.53", 53, null),
                new TransferTarget("192.0.2.53", 5353, null),
                new TransferTarget("2001:db8::53", 53, null)));
        assertEquals(List.of("192.0.2.53", "2001:db8::53"), metadata.get(PowerDnsPublisher.ALLOW_AXFR_FROM));
        assertEquals(
                List.of("127.0.0.3:5300", "192.0.2.53:53", "192.0.2.53:5353", "[2001:db8::53]:53"),
                metadata.get(PowerDnsPublisher.ALSO_NOTIFY));
    }

    @Test
    void noSecondariesLeaveBothListsEmpty() {
        Map<String, List<String>> metadata = PowerDnsPublisher.transferMetadata(List.of());
        assertEquals(List.of(), metadata.get(PowerDnsPublisher.ALLOW_AXFR_FROM));
        assertEquals(List.of(), metadata.get(PowerDnsPublisher.ALSO_NOTIFY));
    }

    @Test
    void keyIdsCompareAsPowerDnsNamesThem() {
        assertEquals("token-7-ab.tsig.", PowerDnsPublisher.keyId("Token-7-AB.tsig"));
        assertEquals("token-7-ab.tsig.", PowerDnsPublisher.keyId("token-7-ab.tsig."));
        assertEquals("hmac-sha256.", PowerDnsPublisher.keyId("hmac-sha256"));
    }
}
