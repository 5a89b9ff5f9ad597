package net.hostingapi.zones.control.secondaries;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import net.hostingapi.platform.messages.control.Message;
import net.hostingapi.platform.messages.control.Violations;
import net.hostingapi.zones.entity.ZoneSecondary;
import org.junit.jupiter.api.Test;

/**
 * The address rules of secondaries on a service that keeps private addresses out (the default;
 * every test execution allows them, its secondaries listening on loopback). The key check reads
 * the database: SecondariesApiIT.
 */
class SecondaryRulesTest {

    private static SecondaryRules rules(boolean allowPrivate) {
        SecondaryRules rules = new SecondaryRules();
        rules.allowPrivate = allowPrivate;
        return rules;
    }

    private static List<String> refused(SecondaryRules rules, String address) {
        Violations violations = new Violations();
        rules.check(List.of(new SecondaryInput(address, null, null)), 1, violations);
        return violations.messages().stream().map(Message::field).toList();
    }

    @Test
    void privateAddressesAreRefusedUnlessAllowed() {
        SecondaryRules strict = rules(false);
        for (String address : List.of(
                "127.0.0.1",
                "10.1.2.3",
                "172.16.0.1",
                "192.168.1.1",
                "169.254.1.1",
                "100.64.0.1",
                "0.1.2.3",
                "::1",
                "fe80::1",
                "fd00::53")) {
            assertEquals(List.of("secondaries[0].address"), refused(strict, address), address);
            assertEquals(List.of(), refused(rules(true), address), address + " where private addresses are allowed");
        }
    }

    @Test
    void publicAddressesPassInTheirCanonicalSpelling() {
        Violations violations = new Violations();
        List<ZoneSecondary> checked = rules(false)
                .check(
                        List.of(
                                new SecondaryInput("192.0.2.53", null, null),
                                new SecondaryInput("2001:DB8:0:0::53", 5353, null),
                                new SecondaryInput("100.128.0.1", null, null)),
                        1,
                        violations);
        assertEquals(List.of(), violations.messages());
        assertEquals(
                List.of(
                        new ZoneSecondary("192.0.2.53", 53, null),
                        new ZoneSecondary("2001:db8::53", 5353, null),
                        new ZoneSecondary("100.128.0.1", 53, null)),
                checked);
    }

    @Test
    void multicastBroadcastAndUnspecifiedAreNeverSecondaries() {
        for (String address : List.of("224.0.0.1", "ff02::1", "255.255.255.255", "0.0.0.0", "::")) {
            assertEquals(List.of("secondaries[0].address"), refused(rules(true), address), address);
        }
    }
}
