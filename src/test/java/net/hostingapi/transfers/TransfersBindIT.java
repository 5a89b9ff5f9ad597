package net.hostingapi.transfers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import net.hostingapi.nameserver.BindExtension;
import net.hostingapi.support.Deployments;
import net.hostingapi.support.FleetSecondary;
import net.hostingapi.support.MariaDbExtension;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * BIND as the primary of real BIND and Knot secondaries (TransferScenarios), told of each change
 * by rndc: zones.conf gives each zone its secondaries, and the TSIG keys are in files that only
 * the nameserver may read, never in zones.conf. BIND answers an IXFR with the difference. Run by
 * the build's "bind" failsafe execution.
 */
@ExtendWith(MariaDbExtension.class)
@ExtendWith(BindExtension.class)
@ExtendWith(FleetSecondary.class)
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class TransfersBindIT extends TransferScenarios {

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.service();
    }

    @ArquillianResource
    URL base;

    @BeforeAll
    static void runByTheBindExecution() {
        assertNotNull(
                System.getenv("ZONE_RECONFIG_COMMAND"),
                "TransfersBindIT runs in the build's \"bind\" failsafe execution, which sets ZONE_RECONFIG_COMMAND");
    }

    @Override
    URL base() {
        return base;
    }

    @Override
    int primaryPort() {
        return BindExtension.server().dnsPort();
    }

    @Override
    boolean answersIncrementally() {
        return true;
    }

    @Test
    void zonesConfNamesTheSecondariesAndTheKeysStayInTheNameserversFiles() throws Exception {
        String zone = zoneName("f");
        follow(zone);
        create(zone, bothSecondaries());
        Path zones = BindExtension.server().zoneDirectory();
        Path keyFile = zones.resolve("tsig").resolve(key.name() + ".key");
        // the key's file is written first, then the zone's marker, then zones.conf
        await(
                () -> {
                    try {
                        return Files.readString(zones.resolve("zones.conf")).contains("zone \"" + zone + "\"");
                    } catch (java.io.IOException e) {
                        return false;
                    }
                },
                "zones.conf names the zone");
        String fleetPort = Integer.getInteger("test.secondary.fleet.port").toString();
        String conf = Files.readString(zones.resolve("zones.conf"));
        String line = conf.lines()
                .filter(l -> l.startsWith("zone \"" + zone + "\""))
                .findFirst()
                .orElseThrow(() -> new AssertionError(conf));
        assertTrue(
                line.contains(" notify explicit; notify-delay 0; also-notify { 127.0.0.3 port " + fleetPort
                        + " key \"fleet.tsig\";"
                        + " 127.0.0.2 port " + Integer.getInteger("test.secondary.bind.port") + "; 127.0.0.4 port "
                        + Integer.getInteger("test.secondary.knot.port") + " key \"" + key.name() + "\"; };"
                        + " allow-transfer { key \"fleet.tsig\"; 127.0.0.2; key \"" + key.name() + "\"; };"
                        + " ixfr-from-differences yes;"),
                line);
        assertEquals(
                1,
                conf.lines()
                        .filter(l -> l.equals("include \"" + keyFile + "\";"))
                        .count(),
                conf);
        assertFalse(conf.contains(key.secret()), "no secret in zones.conf");
        assertTrue(Files.readString(keyFile).contains(key.secret()));
        assertEquals(
                "rw-r-----",
                PosixFilePermissions.toString(Files.getPosixFilePermissions(keyFile)),
                "ZONE_FILE_MODE (0640) without the others' bits");
        assertFalse(Files.readString(zones.resolve(zone + ".zone.secondaries")).contains(key.secret()));
    }
}
