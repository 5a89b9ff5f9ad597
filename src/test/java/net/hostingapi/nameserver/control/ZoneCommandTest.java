package net.hostingapi.nameserver.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ZoneCommandTest {

    @TempDir
    Path dir;

    @Test
    void unsetOrBlankIsNoCommand() {
        assertTrue(ZoneCommand.of(Optional.empty()).isEmpty());
        assertTrue(ZoneCommand.of(Optional.of("  ")).isEmpty());
    }

    @Test
    void theZoneIsOneArgumentAndNoShellSeesIt() throws Exception {
        ZoneCommand command = ZoneCommand.of(Optional.of(" rndc  -c /etc/bind/rndc.conf\treload {zone} "))
                .orElseThrow();
        assertEquals(
                List.of("rndc", "-c", "/etc/bind/rndc.conf", "reload", "example.com"),
                command.arguments("example.com"));

        // a name with a space (not a valid zone name, but the command must not care) stays one argument
        ZoneCommand.of(Optional.of("touch " + dir + "/{zone}"))
                .orElseThrow()
                .run("a b.example", Duration.ofSeconds(10));
        assertTrue(Files.exists(dir.resolve("a b.example")));
        assertTrue(Files.notExists(dir.resolve("a")));
        Path marker = dir.resolve("injected");
        ZoneCommand.of(Optional.of("test -n {zone}"))
                .orElseThrow()
                .run("a.example;touch " + marker + ";$(touch " + marker + ")", Duration.ofSeconds(10));
        assertTrue(Files.notExists(marker), "nothing of the name was run by a shell");
    }

    @Test
    void aFailingCommandIsAnUnavailableNameserverWithItsOutput() {
        ZoneCommand failing =
                ZoneCommand.of(Optional.of("ls /no/such/dir/{zone}")).orElseThrow();
        var e = assertThrows(
                NameserverPublisher.Unavailable.class, () -> failing.run("a.example", Duration.ofSeconds(10)));
        assertTrue(
                e.getMessage().contains("exited with") && e.getMessage().contains("/no/such/dir/a.example"),
                e.getMessage());

        ZoneCommand missing = ZoneCommand.of(Optional.of("no-such-binary-hostingapi reload {zone}"))
                .orElseThrow();
        assertThrows(NameserverPublisher.Unavailable.class, () -> missing.run("a.example", Duration.ofSeconds(10)));
    }

    @Test
    void aCommandBeyondItsTimeIsKilledAndFails() {
        ZoneCommand slow = ZoneCommand.of(Optional.of("sleep 60")).orElseThrow();
        long start = System.nanoTime();
        var e = assertThrows(NameserverPublisher.Unavailable.class, () -> slow.run(null, Duration.ofSeconds(1)));
        assertTrue(e.getMessage().contains("killed"), e.getMessage());
        assertTrue(Duration.ofNanos(System.nanoTime() - start).toSeconds() < 30, "not waited for the whole minute");
    }

    @Test
    void zonesConfQuotesAndEscapes() {
        Map<String, Path> zones = new LinkedHashMap<>();
        zones.put("a.example", Path.of("/z/a.example.zone"));
        zones.put("q\"\\.example", Path.of("/z/q.zone"));
        assertEquals(
                "# Written by hosting-api after every zone created or deleted: do not edit.\n"
                        + "zone \"a.example\" { type primary; file \"/z/a.example.zone\";" + SigningTest.NO_SECONDARIES
                        + " };\n"
                        + "zone \"q\\\"\\\\.example\" { type primary; file \"/z/q.zone\";" + SigningTest.NO_SECONDARIES
                        + " };\n",
                ZonesInclude.render(zones));
    }
}
