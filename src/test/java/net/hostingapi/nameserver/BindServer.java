package net.hostingapi.nameserver;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import net.hostingapi.support.ChildProcesses;
import org.xbill.DNS.DClass;
import org.xbill.DNS.Message;
import org.xbill.DNS.Name;
import org.xbill.DNS.Record;
import org.xbill.DNS.SimpleResolver;
import org.xbill.DNS.Type;

/**
 * A real BIND 9 (Debian's bind9) on loopback ports, as an operator would run it next to the
 * service: it includes {@code <dir>/zones/zones.conf}, which the service maintains, and takes
 * rndc commands with a key generated here ({@code <dir>/rndc.conf}, which the build's
 * ZONE_RELOAD_COMMAND names). A missing named fails the test (README, Prerequisites).
 */
public final class BindServer {

    private final Path directory;
    private final int dnsPort;
    private Process process;

    private BindServer(Path directory, int dnsPort) {
        this.directory = directory;
        this.dnsPort = dnsPort;
    }

    /** Fresh configuration and an empty zone directory (zones of earlier runs would still be served). */
    public static BindServer create(Path directory, int dnsPort, int rndcPort) {
        try {
            Path dir = Files.createDirectories(directory.toAbsolutePath().normalize());
            Path zones = dir.resolve("zones");
            if (Files.exists(zones)) {
                try (Stream<Path> old = Files.walk(zones)) {
                    for (Path p : old.sorted(Comparator.reverseOrder()).toList()) {
                        Files.delete(p);
                    }
                }
            }
            Files.createDirectories(zones);
            // named refuses to start on a missing include; the service rewrites it at its first publication
            Files.writeString(zones.resolve("zones.conf"), "");
            byte[] secret = new byte[32];
            new SecureRandom().nextBytes(secret);
            String key = "key \"hostingapi-test\" { algorithm hmac-sha256; secret \""
                    + Base64.getEncoder().encodeToString(secret) + "\"; };\n";
            Files.writeString(
                    dir.resolve("rndc.conf"),
                    key + "options { default-key \"hostingapi-test\"; default-server 127.0.0.1; default-port "
                            + rndcPort + "; };\n");
            Files.writeString(
                    dir.resolve("named.conf"),
                    key
                            + "controls { inet 127.0.0.1 port " + rndcPort
                            + " allow { 127.0.0.1; } keys { \"hostingapi-test\"; }; };\n"
                            + "options {\n"
                            + "  directory \"" + dir + "\";\n"
                            + "  pid-file none;\n"
                            + "  listen-on port " + dnsPort + " { 127.0.0.1; };\n"
                            + "  listen-on-v6 { none; };\n"
                            + "  recursion no;\n"
                            + "  dnssec-validation no;\n"
                            // NOTIFY from the address its secondaries know it by, not from the
                            // secondary's own loopback address, which the kernel would choose
                            + "  notify-source 127.0.0.1;\n"
                            + "};\n"
                            + "include \"" + zones.resolve("zones.conf") + "\";\n");
            return new BindServer(dir, dnsPort);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public synchronized void start() {
        if (process != null && process.isAlive()) {
            return;
        }
        try {
            process = new ProcessBuilder(
                            "named", "-c", directory.resolve("named.conf").toString(), "-u", "root", "-g")
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(
                            directory.resolve("named.log").toFile()))
                    .start();
        } catch (IOException e) {
            throw new AssertionError(
                    "named is missing: apt-get install bind9 bind9-dnsutils (README, Prerequisites)", e);
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new AssertionError("named exited; see " + directory.resolve("named.log"));
            }
            if (answers()) {
                return;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
        throw new AssertionError("named did not answer within 30 s; see " + directory.resolve("named.log"));
    }

    public synchronized void stop() {
        if (process == null) {
            return;
        }
        ChildProcesses.stop(process);
        process = null;
    }

    /** SIGSTOP: named keeps its sockets but answers nothing, so rndc hangs until it is killed. */
    public synchronized void freeze() {
        signal("-STOP");
    }

    /** SIGCONT: named answers again, with the zones it had loaded before. */
    public synchronized void thaw() {
        signal("-CONT");
    }

    private void signal(String signal) {
        try {
            Process kill = new ProcessBuilder("kill", signal, Long.toString(process.pid()))
                    .inheritIO()
                    .start();
            if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
                throw new AssertionError("kill " + signal + " " + process.pid() + " failed");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    public int dnsPort() {
        return dnsPort;
    }

    public Path zoneDirectory() {
        return directory.resolve("zones");
    }

    /** Any answer at all (REFUSED for the root zone, which it does not serve) means it is up. */
    private boolean answers() {
        try {
            SimpleResolver resolver = new SimpleResolver("127.0.0.1");
            resolver.setPort(dnsPort);
            resolver.setTimeout(Duration.ofMillis(500));
            resolver.send(Message.newQuery(Record.newRecord(Name.root, Type.SOA, DClass.IN)));
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
