package net.hostingapi.transfers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.util.Set;
import java.util.TreeSet;
import net.hostingapi.nameserver.PowerDnsExtension;
import net.hostingapi.support.Deployments;
import net.hostingapi.support.FleetSecondary;
import net.hostingapi.support.MariaDbExtension;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * PowerDNS as the primary of real BIND and Knot secondaries (TransferScenarios), and what it holds
 * for them: the zone a primary ("Master") with its secondaries in ALLOW-AXFR-FROM, ALSO-NOTIFY and
 * TSIG-ALLOW-AXFR, the keys in its TSIG key store. PowerDNS 4.7 answers an IXFR with the whole
 * zone. Run by the build's "powerdns" failsafe execution.
 */
@ExtendWith(MariaDbExtension.class)
@ExtendWith(PowerDnsExtension.class)
@ExtendWith(FleetSecondary.class)
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class TransfersPowerDnsIT extends TransferScenarios {

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.service();
    }

    @ArquillianResource
    URL base;

    @Override
    URL base() {
        return base;
    }

    @Override
    int primaryPort() {
        return PowerDnsExtension.server().dnsPort();
    }

    @Override
    boolean answersIncrementally() {
        return false;
    }

    @Test
    void powerDnsHoldsTheZoneAsAPrimaryWithItsSecondaries() throws Exception {
        String zone = zoneName("p");
        follow(zone);
        create(zone, bothSecondaries());
        var pdns = PowerDnsExtension.server();
        await(() -> !pdns.metadata(zone, "ALSO-NOTIFY").isEmpty(), "PowerDNS holds the zone's secondaries");
        String fleet = "127.0.0.3:" + Integer.getInteger("test.secondary.fleet.port");
        assertEquals(
                lines(
                        fleet,
                        "127.0.0.2:" + Integer.getInteger("test.secondary.bind.port"),
                        "127.0.0.4:" + Integer.getInteger("test.secondary.knot.port")),
                lines(pdns.metadata(zone, "ALSO-NOTIFY").split("\n")));
        assertEquals(
                Set.of("127.0.0.2"),
                lines(pdns.metadata(zone, "ALLOW-AXFR-FROM").split("\n")));
        assertEquals(
                lines("fleet.tsig.", key.name() + "."),
                lines(pdns.metadata(zone, "TSIG-ALLOW-AXFR").split("\n")),
                "the operator's fleet and the account's key grant transfers");
        assertTrue(pdns.zoneKind(zone).equalsIgnoreCase("MASTER"), pdns.zoneKind(zone));
    }

    private static Set<String> lines(String... values) {
        return new TreeSet<>(Set.of(values));
    }
}
