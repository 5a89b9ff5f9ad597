package net.hostingapi.handles.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class VerificationSettingsTest {

    @Test
    void theRecipientWindowIsSecondsOrANumberWithAUnit() {
        assertEquals(Duration.ofHours(24), VerificationSettings.duration("24h"));
        assertEquals(Duration.ofSeconds(20), VerificationSettings.duration(" 20s "));
        assertEquals(Duration.ofSeconds(86400), VerificationSettings.duration("86400"));
        assertEquals(Duration.ofMinutes(5), VerificationSettings.duration("5M"));
        assertEquals(Duration.ofDays(2), VerificationSettings.duration("2d"));
        assertEquals(Duration.ofSeconds(1), VerificationSettings.duration("0"), "never an empty window");
        assertThrows(IllegalArgumentException.class, () -> VerificationSettings.duration("a day"));
        assertThrows(IllegalArgumentException.class, () -> VerificationSettings.duration("-5s"));
    }
}
