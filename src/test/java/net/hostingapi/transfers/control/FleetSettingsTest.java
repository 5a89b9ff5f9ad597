package net.hostingapi.transfers.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class FleetSettingsTest {

    private static final String SECRET = "ZmxlZXQtdGVzdC10c2lnLWtleS0wMTIzNDU2Nzg5YWI=";

    @Test
    void addressesWithAndWithoutPortsInBindsSpelling() {
        TransferKey key = FleetSettings.key("HMAC-SHA256:Fleet.TSIG.:" + SECRET);
        List<TransferTarget> fleet = FleetSettings.parse(" 192.0.2.53 , 2001:DB8:0:0::53#5353,", key);
        assertEquals(
                List.of(new TransferTarget("192.0.2.53", 53, key), new TransferTarget("2001:db8::53", 5353, key)),
                fleet);
        assertEquals("fleet.tsig", key.name());
        assertEquals("hmac-sha256", key.algorithm());
    }

    @Test
    void noFleetAndNoKeyWhenUnset() {
        assertEquals(List.of(), FleetSettings.parse("", null));
        assertNull(FleetSettings.key(" "));
    }

    @Test
    void aValueThatDoesNotParseStopsTheStartWithWhatIsWrong() {
        for (String wrong :
                List.of("ns1.example.net", "192.0.2.53#0", "192.0.2.53#65536", "192.0.2.53#x", "[2001:db8::53]:53")) {
            var e = assertThrows(IllegalArgumentException.class, () -> FleetSettings.parse(wrong, null), wrong);
            assertTrue(e.getMessage().startsWith("SECONDARY_NAMESERVERS"), e.getMessage());
        }
        for (String wrong :
                List.of("fleet.tsig:" + SECRET, "hmac-md4:fleet.tsig:" + SECRET, "hmac-sha256:fleet.tsig:***")) {
            var e = assertThrows(IllegalArgumentException.class, () -> FleetSettings.key(wrong), wrong);
            assertTrue(e.getMessage().startsWith("SECONDARY_TSIG_KEY"), e.getMessage());
            assertTrue(!e.getMessage().contains(SECRET), "the secret is not repeated in the message");
        }
    }

    @Test
    void theCatalogZonesNameLowerCaseWithoutTheRootsDot() {
        FleetSettings settings = new FleetSettings();
        settings.catalogZone = Optional.of(" Catalog.Hosting.Internal. ");
        assertEquals(Optional.of("catalog.hosting.internal"), settings.catalogZone());
        settings.catalogZone = Optional.of(" ");
        assertEquals(Optional.empty(), settings.catalogZone());
    }
}
