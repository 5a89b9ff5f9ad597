package net.hostingapi.nameserver.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.hostingapi.zones.entity.ZoneDnssec;
import org.junit.jupiter.api.Test;

class SigningTest {

    @Test
    void whatTheNameserverIsToDoFollowsTheZonesRow() {
        assertEquals(Signing.NONE, Signing.of(null), "never signed: no DNSSEC calls");
        ZoneDnssec dnssec = new ZoneDnssec(1);
        assertEquals(Signing.NONE, Signing.of(dnssec));
        dnssec.enable();
        assertEquals(ZoneDnssec.SIGNING, dnssec.state());
        assertEquals(Signing.SIGN, Signing.of(dnssec));
        dnssec.disable(LocalDateTime.now(ZoneOffset.UTC).plusHours(48));
        assertEquals(ZoneDnssec.REMOVING, dnssec.state());
        assertEquals(Signing.WITHDRAW, Signing.of(dnssec), "delete records while the grace runs");
        dnssec.enable();
        assertEquals(ZoneDnssec.SIGNED, dnssec.state(), "enabling during the removal cancels it: still signed");
        assertEquals(Signing.SIGN, Signing.of(dnssec));
        dnssec.disable(LocalDateTime.now(ZoneOffset.UTC).minusSeconds(1));
        assertEquals(Signing.UNSIGN, Signing.of(dnssec), "the grace is over");
    }

    /** A zone without secondaries in zones.conf (ZonesIncludeTest). */
    static final String NO_SECONDARIES =
            " notify explicit; notify-delay 0; allow-transfer { none; }; ixfr-from-differences yes;";

    @Test
    void aSignedZonesEntryNamesItsPolicyWithInlineSigning() {
        Map<String, Path> zones = new LinkedHashMap<>();
        zones.put("a.example", Path.of("/z/a.example.zone"));
        zones.put("s.example", Path.of("/z/s.example.zone"));
        assertEquals(
                "# Written by hosting-api after every zone created or deleted: do not edit.\n"
                        + "zone \"a.example\" { type primary; file \"/z/a.example.zone\";" + NO_SECONDARIES + " };\n"
                        + "zone \"s.example\" { type primary; file \"/z/s.example.zone\"; dnssec-policy \"default\";"
                        + " inline-signing yes; key-directory \"/z/keys/s.example\";" + NO_SECONDARIES + " };\n",
                ZonesInclude.render(zones, Map.of("s.example", "default"), Path.of("/z/keys"), Map.of(), List.of()));
    }
}
