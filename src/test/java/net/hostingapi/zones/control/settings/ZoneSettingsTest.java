package net.hostingapi.zones.control.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class ZoneSettingsTest {

    @Test
    void zoneFileModeIsOctal() {
        ZoneSettings settings = new ZoneSettings();
        settings.zoneFileMode = "0640";
        assertEquals(
                "rw-r-----", java.nio.file.attribute.PosixFilePermissions.toString(settings.zoneFilePermissions()));
        settings.zoneFileMode = "644";
        assertEquals(
                "rw-r--r--", java.nio.file.attribute.PosixFilePermissions.toString(settings.zoneFilePermissions()));
        settings.zoneFileMode = "rw-r-----";
        assertThrows(IllegalArgumentException.class, settings::zoneFilePermissions);
        settings.zoneFileMode = "4755";
        assertThrows(IllegalArgumentException.class, settings::zoneFilePermissions);
    }
}
