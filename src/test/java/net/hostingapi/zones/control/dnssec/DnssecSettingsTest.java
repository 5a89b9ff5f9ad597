package net.hostingapi.zones.control.dnssec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class DnssecSettingsTest {

    @Test
    void theGraceIsSecondsOrAnAmountWithAUnit() {
        assertEquals(Duration.ofHours(48), DnssecSettings.duration("48h"));
        assertEquals(Duration.ofSeconds(172800), DnssecSettings.duration("172800"));
        assertEquals(Duration.ofSeconds(8), DnssecSettings.duration(" 8s "));
        assertEquals(Duration.ofMinutes(5), DnssecSettings.duration("5m"));
        assertEquals(Duration.ofDays(2), DnssecSettings.duration("2D"));
        assertThrows(IllegalArgumentException.class, () -> DnssecSettings.duration("-1"));
        assertThrows(IllegalArgumentException.class, () -> DnssecSettings.duration("PT48H"));
    }

    @Test
    void algorithmByNumberOrMnemonicAndDenial() {
        DnssecSettings settings = new DnssecSettings();
        settings.algorithm = "13";
        assertEquals("ecdsap256sha256", settings.powerDnsAlgorithm());
        settings.algorithm = "ED25519";
        assertEquals("ed25519", settings.powerDnsAlgorithm());
        settings.algorithm = "5";
        assertThrows(IllegalArgumentException.class, settings::powerDnsAlgorithm, "RSASHA1 is not offered");
        settings.denial = "nsec3";
        assertTrue(settings.nsec3());
        assertEquals("1 0 0 -", settings.nsec3Param(), "no extra iterations, no salt (RFC 9276)");
        settings.denial = "NSEC";
        assertFalse(settings.nsec3());
        assertEquals("", settings.nsec3Param());
        settings.signNewZones = "on";
        assertTrue(settings.signNewZones());
        settings.signNewZones = "off";
        assertFalse(settings.signNewZones());
    }
}
