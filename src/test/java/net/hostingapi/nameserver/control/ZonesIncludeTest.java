package net.hostingapi.nameserver.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import net.hostingapi.nameserver.control.SecondariesMarker.Secondary;
import net.hostingapi.transfers.control.TransferKey;
import net.hostingapi.transfers.control.TransferTarget;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * zones.conf as BIND reads it: each zone's NOTIFY and transfer statements from its secondaries,
 * the keys' files included once, and the whole accepted by named-checkconf (Debian's bind9-utils).
 */
class ZonesIncludeTest {

    private static final String SECRET = "ZmxlZXQtdGVzdC10c2lnLWtleS0wMTIzNDU2Nzg5YWI=";

    @TempDir
    Path directory;

    @Test
    void aZoneNotifiesItsSecondariesOnlyAndAKeyGrantsItsTransfer() {
        String statements = ZonesInclude.transfers(List.of(
                new Secondary("127.0.0.3", 5300, "fleet.tsig"),
                new Secondary("192.0.2.53", 53, null),
                new Secondary("2001:db8::53", 5353, "token-7-ab.tsig")));
        assertEquals(
                " notify explicit; notify-delay 0;"
                        + " also-notify { 127.0.0.3 port 5300 key \"fleet.tsig\"; 192.0.2.53 port 53;"
                        + " 2001:db8::53 port 5353 key \"token-7-ab.tsig\"; };"
                        + " allow-transfer { key \"fleet.tsig\"; 192.0.2.53; key \"token-7-ab.tsig\"; };"
                        + " ixfr-from-differences yes;",
                statements);
    }

    @Test
    void aZoneWithoutSecondariesNotifiesNoOneAndAllowsNoTransfer() {
        assertEquals(
                " notify explicit; notify-delay 0; allow-transfer { none; }; ixfr-from-differences yes;",
                ZonesInclude.transfers(List.of()));
    }

    @Test
    void anAddressOnTwoPortsIsAllowedOnce() {
        assertEquals(
                " notify explicit; notify-delay 0; also-notify { 192.0.2.53 port 53; 192.0.2.53 port 5353; };"
                        + " allow-transfer { 192.0.2.53; }; ixfr-from-differences yes;",
                ZonesInclude.transfers(
                        List.of(new Secondary("192.0.2.53", 53, null), new Secondary("192.0.2.53", 5353, null))));
    }

    @Test
    void theMarkerNamesSecondariesAndKeysButNoSecret() {
        TransferKey key = new TransferKey("token-7-ab.tsig", "hmac-sha256", SECRET);
        String text = SecondariesMarker.text(List.of(
                new TransferTarget("127.0.0.3", 5300, key),
                new TransferTarget("2001:db8::53", 53, null),
                new TransferTarget("127.0.0.3", 5300, key)));
        assertEquals("127.0.0.3 5300 token-7-ab.tsig\n2001:db8::53 53\n", text);
        assertTrue(!text.contains(SECRET));
        assertEquals(
                List.of(new Secondary("127.0.0.3", 5300, "token-7-ab.tsig"), new Secondary("2001:db8::53", 53, null)),
                SecondariesMarker.parse(text));
        assertEquals("", SecondariesMarker.text(List.of()));
        assertEquals(
                List.of(new Secondary("192.0.2.1", 53, null)),
                SecondariesMarker.parse("192.0.2.1 53\n192.0.2.2 99999\n\"; }; 53\n192.0.2.3 53 bad\"key\n"),
                "a line that is not one of ours never reaches zones.conf");
    }

    @Test
    void namedCheckconfAcceptsZonesSecondariesKeysAndSigning() throws Exception {
        Path zones = Files.createDirectories(directory.resolve("zones"));
        Files.createDirectories(zones.resolve("keys").resolve("b.example")); // as ZoneFilePublisher makes it
        Path fleetKey = Files.createDirectories(zones.resolve("tsig")).resolve("fleet.tsig.key");
        Files.writeString(fleetKey, ZonesInclude.key("fleet.tsig", "hmac-sha256", SECRET));
        Path tokenKey = zones.resolve("tsig").resolve("token-7-ab.tsig.key");
        Files.writeString(tokenKey, ZonesInclude.key("token-7-ab.tsig", "hmac-sha512", SECRET));
        Map<String, Path> files = new LinkedHashMap<>();
        for (String zone : List.of("a.example", "b.example", "c.example")) {
            Path file = zones.resolve(zone + ".zone");
            Files.writeString(
                    file,
                    "$TTL 300\n@ IN SOA ns1.hosting.test. hostmaster.hosting.test. 1 3600 600 86400 300\n"
                            + "@ IN NS ns1.hosting.test.\n");
            files.put(zone, file);
        }
        Secondary fleet = new Secondary("127.0.0.3", 5300, "fleet.tsig");
        String conf = ZonesInclude.render(
                files,
                Map.of("b.example", "default"),
                zones.resolve("keys"),
                Map.of(
                        "a.example",
                        List.of(fleet, new Secondary("127.0.0.2", 5301, null)),
                        "b.example",
                        List.of(fleet, new Secondary("127.0.0.4", 5302, "token-7-ab.tsig"))),
                List.of(fleetKey, tokenKey, fleetKey));
        assertEquals(1, conf.lines().filter(l -> l.contains("fleet.tsig.key")).count(), conf);
        assertTrue(
                conf.lines()
                        .anyMatch(l -> l.startsWith("zone \"c.example\"") && l.contains("allow-transfer { none; };")),
                conf);
        Files.writeString(zones.resolve("zones.conf"), conf);
        Path named = directory.resolve("named.conf");
        Files.writeString(
                named,
                "options { directory \"" + directory + "\"; };\ninclude \"" + zones.resolve("zones.conf") + "\";\n");
        assertEquals(
                List.of(
                        "zone a.example/IN: loaded serial 1",
                        "zone b.example/IN: loaded serial 1",
                        "zone c.example/IN: loaded serial 1"),
                namedCheckconf(named).lines().toList(),
                conf);
    }

    /** named-checkconf -z (the zones loaded too): its output, which names every problem. */
    private static String namedCheckconf(Path conf) throws IOException, InterruptedException {
        Process process;
        try {
            process = new ProcessBuilder("named-checkconf", "-z", conf.toString())
                    .redirectErrorStream(true)
                    .start();
        } catch (IOException e) {
            throw new AssertionError(
                    "named-checkconf is missing: apt-get install bind9-utils (README, Prerequisites)", e);
        }
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("named-checkconf did not finish");
        }
        return process.exitValue() == 0 ? output.strip() : "exit " + process.exitValue() + ": " + output.strip();
    }
}
