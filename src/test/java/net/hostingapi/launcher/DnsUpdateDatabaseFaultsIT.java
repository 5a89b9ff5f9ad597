package net.hostingapi.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import net.hostingapi.support.Api;
import net.hostingapi.support.DnsTestZone;
import net.hostingapi.support.DnsUpdateClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.xbill.DNS.Message;
import org.xbill.DNS.Name;
import org.xbill.DNS.Rcode;
import org.xbill.DNS.Type;
import org.xbill.DNS.Update;

/**
 * The DNS listener of the run command while its embedded MariaDB is frozen (SIGSTOP): a signed
 * UPDATE is answered SERVFAIL rather than not at all, and once the database is back nothing of
 * it was applied. A service of its own: freezing the suite's database would stop every class.
 */
class DnsUpdateDatabaseFaultsIT {

    private static final Path DATA_DIR = Path.of("target", "dns-db-faults").toAbsolutePath();
    private static final Path OUTPUT = DATA_DIR.resolveSibling("dns-db-faults.out");
    /** Long enough for the blocked statement's socket timeout to give it up before the thaw. */
    private static final long FREEZE_MILLIS = 15_000;

    private static Process launcher;
    private static String base;
    private static int dnsPort;

    @BeforeAll
    static void start() throws Exception {
        ServiceLauncher.deleteTree(DATA_DIR);
        Files.createDirectories(DATA_DIR);
        int httpPort = EmbeddedMariaDb.freePort();
        dnsPort = EmbeddedMariaDb.freePort();
        ProcessBuilder builder = ServiceProcess.runCommand(
                OUTPUT, "DB_ACQUIRE_TIMEOUT_MILLIS", "DB_CONNECT_TIMEOUT_MILLIS", "DB_SOCKET_TIMEOUT_MILLIS");
        Map<String, String> env = builder.environment();
        env.put("HTTP_PORT", Integer.toString(httpPort));
        env.put("DATA_DIR", DATA_DIR.toString());
        env.put("BOOTSTRAP_TOKEN", Api.OPERATOR_TOKEN);
        env.put("DNS_UPDATE_ADDRESS", "127.0.0.1");
        env.put("DNS_UPDATE_PORT", Integer.toString(dnsPort));
        env.remove("TSIG_KEY_ENCRYPTION_KEY"); // the run command makes its own in DATA_DIR
        launcher = builder.start();
        ServiceProcess.awaitAnswer(httpPort, launcher, Api.OPERATOR_TOKEN);
        base = "http://127.0.0.1:" + httpPort;
    }

    @AfterAll
    static void stop() throws InterruptedException {
        if (launcher != null) {
            // a database left frozen would keep the launcher's shutdown from finishing
            launcher.descendants()
                    .filter(p -> p.info().commandLine().orElse("").contains("mariadbd"))
                    .forEach(p -> DatabaseFaultsIT.signal("CONT", p.pid()));
            ServiceProcess.stop(launcher);
        }
    }

    @Test
    void aFrozenDatabaseIsAnsweredServfailAndNothingIsApplied() throws Exception {
        DnsTestZone hosted = DnsTestZone.create(new URL(base));
        Api api = hosted.api();
        String zone = hosted.name();
        Name origin = hosted.origin();
        // the UDP answer or null after 5 s: silence is what this test rules out
        DnsUpdateClient dns = DnsUpdateClient.of(hosted.newKeyToken(), dnsPort);

        Message before = dns.sendOrNull(addition(origin, "before", "192.0.2.1"));
        assertNotNull(before, "answered while the database runs");
        assertEquals(Rcode.NOERROR, before.getRcode(), before.toString());

        long mariadbd =
                ListeningSockets.descendant(launcher.toHandle(), "mariadbd").pid();
        long frozenAt = System.nanoTime();
        DatabaseFaultsIT.signal("STOP", mariadbd);
        long answeredMillis;
        Message frozen;
        try {
            Thread.sleep(500);
            long sent = System.nanoTime();
            frozen = dns.sendOrNull(addition(origin, "frozen", "192.0.2.2"));
            answeredMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - sent);
            Thread.sleep(Math.max(0, FREEZE_MILLIS - TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - frozenAt)));
        } finally {
            DatabaseFaultsIT.signal("CONT", mariadbd);
        }
        System.out.printf(
                "DnsUpdateDatabaseFaultsIT: a signed UPDATE to a frozen database answered %s in %d ms%n",
                frozen == null ? "nothing" : Rcode.string(frozen.getRcode()), answeredMillis);
        assertNotNull(frozen, "an answer within the client's 5 s, not silence");
        assertEquals(Rcode.SERVFAIL, frozen.getRcode(), frozen.toString());

        // back: the service answers again, and the UPDATE that failed left nothing behind
        Api.Response shown = awaitShow(api, zone);
        String records =
                shown.data().getJsonObject("zone").getJsonArray("records").toString();
        assertTrue(records.contains("192.0.2.1"), records);
        assertFalse(records.contains("192.0.2.2"), "the SERVFAIL'd UPDATE was not applied: " + records);
        Message after = dns.sendOrNull(addition(origin, "after", "192.0.2.3"));
        assertNotNull(after);
        assertEquals(Rcode.NOERROR, after.getRcode(), "the listener serves again: " + after);
        // and once more after the later UPDATE: the frozen one did not come in behind it
        records = awaitShow(api, zone)
                .data()
                .getJsonObject("zone")
                .getJsonArray("records")
                .toString();
        assertTrue(records.contains("192.0.2.3"), records);
        assertFalse(records.contains("192.0.2.2"), records);
    }

    private static Update addition(Name origin, String name, String address) throws Exception {
        Update update = new Update(origin);
        update.add(Name.fromString(name, origin), Type.A, 300, address);
        return update;
    }

    /** show once it answers 200 again after the thaw (a hang guard of 90 s). */
    private static Api.Response awaitShow(Api api, String zone) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        Api.Response shown;
        do {
            shown = api.get("/api/v1/dns/zones/show?zone=" + zone);
            if (shown.status() == 200) {
                return shown;
            }
            Thread.sleep(500);
        } while (System.nanoTime() < deadline);
        throw new AssertionError(
                "show not 200 within 90 s of the thaw: " + shown.status() + " " + shown.body() + "\n" + read(OUTPUT));
    }

    private static String read(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
        } catch (IOException e) {
            return e.toString();
        }
    }
}
