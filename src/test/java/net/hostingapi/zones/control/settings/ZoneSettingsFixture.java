package net.hostingapi.zones.control.settings;

import java.util.Optional;

/** Zone settings as configuration would give them, for tests outside this package. */
public final class ZoneSettingsFixture {

    private ZoneSettingsFixture() {}

    public static ZoneSettings withWebForward(String ipv4, Optional<String> ipv6) {
        ZoneSettings settings = new ZoneSettings();
        settings.webForwardIpv4 = ipv4;
        settings.webForwardIpv6 = ipv6;
        return settings;
    }
}
