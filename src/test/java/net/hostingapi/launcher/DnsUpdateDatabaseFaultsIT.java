package net.hostingapi.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.SocketTimeoutException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Base64;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import net.hostingapi.support.Api;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.xbill.DNS.Message;
import org.xbill.DNS.Name;
import org.xbill.DNS.Rcode;
import org.xbill.DNS.TSIG;
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
                    .forEach(p -> signal("CONT", p.pid()));
            ServiceProcess.stop(launcher);
        }
    }

    @Test
    void aFrozenDatabaseIsAnsweredServfailAndNothingIsApplied() throws Exception {
        Api.Customer customer = Api.at(new URL(base)).newCustomer();
        Api api = customer.api();
        String zone = customer.username() + ".example";
        Name origin = Name.fromString(zone + ".");
        Api.Response created = api.json(
                "POST",
                "/api/v1/dns/zones/create",
                Json.createObjectBuilder().add("name", zone).build());
        assertEquals(201, created.status(), created.body());
        Api.Response token = api.json(
                "POST",
                "/api/v1/account/users/tokens/create",
                Json.createObjectBuilder()
                        .add("tsig_algorithm", "hmac-sha256")
                        .add(
                                "rights",
                                Json.createArrayBuilder().add("DNS_ZONES_LIST").add("DNS_ZONES_CRUD"))
                        .build());
        assertEquals(201, token.status(), token.body());
        JsonObject tsig = token.data().getJsonObject("token").getJsonObject("tsig");
        TSIG key = new TSIG(
                TSIG.algorithmToName(tsig.getString("algorithm")),
                Name.fromString(
                        tsig.getString("name").endsWith(".") ? tsig.getString("name") : tsig.getString("name") + "."),
                Base64.getDecoder().decode(tsig.getString("secret")));

        Message before = send(addition(origin, "before", "192.0.2.1"), key);
        assertNotNull(before, "answered while the database runs");
        assertEquals(Rcode.NOERROR, before.getRcode(), before.toString());

        long mariadbd =
                ListeningSockets.descendant(launcher.toHandle(), "mariadbd").pid();
        long frozenAt = System.nanoTime();
        signal("STOP", mariadbd);
        long answeredMillis;
        Message frozen;
        try {
            Thread.sleep(500);
            long sent = System.nanoTime();
            frozen = send(addition(origin, "frozen", "192.0.2.2"), key);
            answeredMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - sent);
            Thread.sleep(Math.max(0, FREEZE_MILLIS - TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - frozenAt)));
        } finally {
            signal("CONT", mariadbd);
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
        Message after = send(addition(origin, "after", "192.0.2.3"), key);
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

    /** The signed request's answer over UDP, or null when none came within 5 s. */
    private static Message send(Message unsigned, TSIG key) throws IOException {
        Message message = unsigned.clone();
        message.getHeader().setID(new Random().nextInt(65_536));
        key.apply(message, null);
        byte[] wire = message.toWire();
        try (DatagramSocket socket = new DatagramSocket()) {
            socket.setSoTimeout(5_000);
            socket.send(new DatagramPacket(wire, wire.length, InetAddress.getLoopbackAddress(), dnsPort));
            DatagramPacket packet = new DatagramPacket(new byte[65_535], 65_535);
            try {
                socket.receive(packet);
            } catch (SocketTimeoutException e) {
                return null;
            }
            return new Message(Arrays.copyOf(packet.getData(), packet.getLength()));
        }
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

    private static void signal(String signal, long pid) {
        try {
            Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid))
                    .inheritIO()
                    .start();
            assertEquals(0, kill.waitFor(), "kill -" + signal + " " + pid);
        } catch (IOException e) {
            throw new AssertionError(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static String read(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
        } catch (IOException e) {
            return e.toString();
        }
    }
}
