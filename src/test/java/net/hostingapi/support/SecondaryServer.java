package net.hostingapi.support;

import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.xbill.DNS.DClass;
import org.xbill.DNS.Message;
import org.xbill.DNS.Name;
import org.xbill.DNS.Rcode;
import org.xbill.DNS.Record;
import org.xbill.DNS.SOARecord;
import org.xbill.DNS.Section;
import org.xbill.DNS.SimpleResolver;
import org.xbill.DNS.Type;

/**
 * A real secondary nameserver on a loopback address and port, as a customer or the operator runs
 * one: BIND 9 ({@link #bind}, Debian's bind9) or Knot DNS ({@link #knot}, Debian's knot). It
 * follows the zones it is told to from one primary, each transfer signed with the zone's TSIG key
 * when it has one, takes NOTIFY from the primary's address, and sends its queries and transfers
 * from its own address (BIND's transfer-source, Knot's via), so that the primary's address rules
 * see it as the address it listens on. A BIND secondary may also follow a catalog zone (RFC 9432)
 * and serve every zone it lists. Its files live in a directory of its own under the system
 * property {@code test.secondary.dir}, rewritten at every change; the zones it follows can change
 * while it runs (SIGHUP: both reread their configuration). A missing program fails the test.
 */
public final class SecondaryServer {

    /** The secondary's software. */
    public enum Kind {
        BIND("named", "bind9"),
        KNOT("knotd", "knot");

        private final String program;
        private final String debianPackage;

        Kind(String program, String debianPackage) {
            this.program = program;
            this.debianPackage = debianPackage;
        }
    }

    /** A TSIG key: name, algorithm ({@code hmac-sha256}) and secret in base64. */
    public record Key(String name, String algorithm, String secret) {

        /** The key of a token as tokens/create answers it once ({@code data.token.tsig}). */
        public static Key of(JsonObject tsig) {
            return new Key(tsig.getString("name"), tsig.getString("algorithm"), tsig.getString("secret"));
        }

        /** dig's {@code -y} argument: {@code algorithm:name:secret}. */
        public String digArgument() {
            return algorithm + ":" + name + ":" + secret;
        }
    }

    private final Kind kind;
    private final String address;
    private final int port;
    private final String primaryAddress;
    private final int primaryPort;
    private final Path directory;
    /** Zone (lower case, no final dot) to the key its transfers are signed with, or null. */
    private final Map<String, Key> zones = new LinkedHashMap<>();

    private String catalogZone;
    private Key catalogKey;
    private Process process;
    /** Whether its directory was emptied: at the first start only, a restart keeps what it transferred. */
    private boolean fresh;

    private SecondaryServer(Kind kind, String address, int port, String primaryAddress, int primaryPort) {
        this.kind = kind;
        this.address = address;
        this.port = port;
        this.primaryAddress = primaryAddress;
        this.primaryPort = primaryPort;
        this.directory = Path.of(System.getProperty("test.secondary.dir", "target/secondaries"))
                .resolve(kind.name().toLowerCase() + "-" + address.replace(':', '_') + "-" + port)
                .toAbsolutePath()
                .normalize();
    }

    /** A BIND secondary listening on {@code address}:{@code port}, following zones of the primary at {@code primaryAddress}:{@code primaryPort}. */
    public static SecondaryServer bind(String address, int port, String primaryAddress, int primaryPort) {
        return new SecondaryServer(Kind.BIND, address, port, primaryAddress, primaryPort);
    }

    /** A Knot secondary listening on {@code address}:{@code port}, following zones of the primary at {@code primaryAddress}:{@code primaryPort}. */
    public static SecondaryServer knot(String address, int port, String primaryAddress, int primaryPort) {
        return new SecondaryServer(Kind.KNOT, address, port, primaryAddress, primaryPort);
    }

    public Kind kind() {
        return kind;
    }

    public String address() {
        return address;
    }

    public int port() {
        return port;
    }

    public Path directory() {
        return directory;
    }

    /** Its output: the nameserver's log. */
    public Path log() {
        return directory.resolve(kind.program + ".log");
    }

    /** Follows {@code zone}, transferring it unsigned; reconfigured at once when running. */
    public SecondaryServer follow(String zone) {
        return follow(zone, null);
    }

    /**
     * Follows {@code zone}, its transfers signed with {@code key} (null: unsigned); when running,
     * reconfigured at once and returns once it has taken the zone (so its first attempt to
     * transfer a zone that the primary may not serve yet is behind it, not racing a NOTIFY).
     */
    public synchronized SecondaryServer follow(String zone, Key key) {
        zones.put(relative(zone), key);
        long mark = logSize();
        if (reconfigure()) {
            awaitConfigured(zone, true);
            awaitFirstAttempt(zone, mark);
        }
        return this;
    }

    /**
     * Waits, for at most 10 s, until its log tells that its first attempt to transfer the zone
     * ended, whatever the outcome (a NOTIFY that arrives during it is only queued, and BIND took
     * 20 s to come back to it).
     */
    private void awaitFirstAttempt(String zone, long mark) {
        String name = relative(zone);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            for (String line : logSince(mark).split("\n")) {
                boolean ended = kind == Kind.BIND
                        ? (line.contains("'" + name + "/IN'") && line.contains("Transfer completed"))
                                || line.contains("zone " + name + "/IN: refresh: failure")
                        : line.contains("[" + name + ".] refresh, ")
                                && (line.contains("next retry")
                                        || line.contains("zone updated")
                                        || line.contains("up-to-date"));
                if (ended) {
                    return;
                }
            }
            sleep(50);
        }
    }

    private long logSize() {
        try {
            return Files.exists(log()) ? Files.size(log()) : 0;
        } catch (IOException e) {
            return 0;
        }
    }

    private String logSince(long mark) {
        try (var file = new java.io.RandomAccessFile(log().toFile(), "r")) {
            long length = file.length();
            if (length <= mark) {
                return "";
            }
            byte[] bytes = new byte[(int) (length - mark)];
            file.seek(mark);
            file.readFully(bytes);
            return new String(bytes, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }

    /** Follows {@code zone} no more; when running, reconfigured at once and returns once it refuses the zone. */
    public synchronized SecondaryServer forget(String zone) {
        zones.remove(relative(zone));
        if (reconfigure()) {
            awaitConfigured(zone, false);
        }
        return this;
    }

    /**
     * Waits until a question for the zone's SOA is answered as by a server that has the zone
     * configured (anything but REFUSED or NOTAUTH: SERVFAIL while it has no copy yet), or as by
     * one that has not.
     */
    private void awaitConfigured(String zone, boolean configured) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        int rcode = -1;
        while (System.nanoTime() < deadline) {
            try {
                rcode = resolver(Duration.ofMillis(500), false)
                        .send(Message.newQuery(
                                Record.newRecord(Name.fromString(relative(zone) + "."), Type.SOA, DClass.IN)))
                        .getRcode();
                if ((rcode != Rcode.REFUSED && rcode != Rcode.NOTAUTH) == configured) {
                    return;
                }
            } catch (IOException e) {
                // reloading: asked again
            }
            sleep(50);
        }
        throw new AssertionError(
                kind.program + " on " + address + "#" + port + " did not " + (configured ? "take " : "drop ") + zone
                        + " within 10 s (answers " + Rcode.string(rcode) + "): " + tail());
    }

    /**
     * BIND only: follows the catalog zone {@code zone} (its transfer signed with {@code key}, or
     * unsigned when null) and every member zone it lists, from the same primary with the same key.
     */
    public synchronized SecondaryServer catalog(String zone, Key key) {
        if (kind != Kind.BIND) {
            throw new IllegalStateException("catalog zones are followed here by a BIND secondary only");
        }
        catalogZone = relative(zone);
        catalogKey = key;
        if (reconfigure()) {
            awaitConfigured(zone, true);
        }
        return this;
    }

    /** Starts it with a fresh directory the first time; waits until it answers over DNS. */
    public synchronized void start() {
        if (process != null && process.isAlive()) {
            return;
        }
        try {
            if (!fresh && Files.exists(directory)) {
                try (Stream<Path> old = Files.walk(directory)) {
                    for (Path p : old.sorted(Comparator.reverseOrder()).toList()) {
                        Files.delete(p);
                    }
                }
            }
            fresh = true;
            writeConfiguration();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (kind == Kind.BIND) {
            requireInterfaceAddress();
        }
        requireFreePort();
        List<String> command = kind == Kind.BIND
                ? List.of("named", "-c", configuration().toString(), "-u", "root", "-g")
                : List.of("knotd", "-c", configuration().toString());
        try {
            process = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log().toFile()))
                    .start();
        } catch (IOException e) {
            throw new AssertionError(
                    kind.program + " is missing: apt-get install " + kind.debianPackage + " (README, Prerequisites)",
                    e);
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new AssertionError(kind.program + " exited: " + tail());
            }
            if (answers()) {
                return;
            }
            sleep(100);
        }
        throw new AssertionError(
                kind.program + " did not answer within 30 s on " + address + "#" + port + ": " + tail());
    }

    /** Stops it; what it transferred stays in its directory for the next start. */
    public synchronized void stop() {
        if (process == null) {
            return;
        }
        if (process.isAlive()) {
            thaw(); // a stopped process cannot act on SIGTERM
        }
        ChildProcesses.stop(process);
    }

    /** Stops and starts it again, with the zones it transferred so far. */
    public synchronized void restart() {
        stop();
        start();
    }

    /** SIGSTOP: it keeps its sockets but answers nothing, NOTIFY included. */
    public synchronized void freeze() {
        signal("-STOP");
    }

    /** SIGCONT: it answers again, and acts on what reached its sockets meanwhile. */
    public synchronized void thaw() {
        signal("-CONT");
    }

    /** The serial it serves for {@code zone} over DNS; empty while it does not serve the zone (or does not answer). */
    public OptionalLong soaSerial(String zone) {
        try {
            Name name = Name.fromString(relative(zone) + ".");
            Message answer = resolver(Duration.ofMillis(700), false)
                    .send(Message.newQuery(Record.newRecord(name, Type.SOA, DClass.IN)));
            if (answer.getRcode() != Rcode.NOERROR) {
                return OptionalLong.empty();
            }
            for (Record record : answer.getSection(Section.ANSWER)) {
                if (record instanceof SOARecord soa && soa.getName().equals(name)) {
                    return OptionalLong.of(soa.getSerial());
                }
            }
            return OptionalLong.empty();
        } catch (IOException e) {
            return OptionalLong.empty();
        }
    }

    /** The records of {@code type} it answers for {@code name} (over TCP), signatures left out; empty for none. */
    public List<Record> query(String name, int type) {
        try {
            Message answer = resolver(Duration.ofSeconds(3), true)
                    .send(Message.newQuery(Record.newRecord(Name.fromString(relative(name) + "."), type, DClass.IN)));
            List<Record> records = new ArrayList<>();
            for (Record record : answer.getSection(Section.ANSWER)) {
                if (record.getType() == type) {
                    records.add(record);
                }
            }
            return records;
        } catch (IOException e) {
            throw new AssertionError(kind.program + " on " + address + "#" + port + " did not answer " + name, e);
        }
    }

    /** The whole answer to {@code name type} (over TCP), DNSSEC records asked for. */
    public Message ask(String name, int type) {
        try {
            Message query = Message.newQuery(Record.newRecord(Name.fromString(relative(name) + "."), type, DClass.IN));
            SimpleResolver resolver = resolver(Duration.ofSeconds(3), true);
            resolver.setEDNS(0, 0, org.xbill.DNS.ExtendedFlags.DO);
            return resolver.send(query);
        } catch (IOException e) {
            throw new AssertionError(kind.program + " on " + address + "#" + port + " did not answer " + name, e);
        }
    }

    /**
     * Waits until it serves {@code zone} with a serial of at least {@code serial}, for at most
     * {@code within}; the serial served. Fails with the end of its log otherwise.
     */
    public long awaitSerial(String zone, long serial, Duration within) {
        long deadline = System.nanoTime() + within.toNanos();
        OptionalLong served = OptionalLong.empty();
        while (System.nanoTime() < deadline) {
            served = soaSerial(zone);
            if (served.isPresent() && served.getAsLong() >= serial) {
                return served.getAsLong();
            }
            sleep(100);
        }
        throw new AssertionError(
                kind.program + " on " + address + "#" + port + " did not serve " + zone + " with serial "
                        + serial + " within " + within.toSeconds() + " s (serves "
                        + (served.isPresent() ? served.getAsLong() : "nothing") + "): " + tail());
    }

    /** The end of its log, for a failure's message. */
    public String tail() {
        try {
            List<String> lines = Files.readAllLines(log(), StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
        } catch (IOException e) {
            return "(no log at " + log() + ")";
        }
    }

    private SimpleResolver resolver(Duration timeout, boolean tcp) throws IOException {
        SimpleResolver resolver = new SimpleResolver(new InetSocketAddress(address, port));
        resolver.setTimeout(timeout);
        resolver.setTCP(tcp);
        return resolver;
    }

    /** Any answer at all (REFUSED for the root zone, which it does not serve) means it is up. */
    private boolean answers() {
        try {
            resolver(Duration.ofMillis(500), false)
                    .send(Message.newQuery(Record.newRecord(Name.root, Type.SOA, DClass.IN)));
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** The configuration rewritten and reread (SIGHUP) when it runs; tells whether it did. */
    private boolean reconfigure() {
        if (process == null || !process.isAlive()) {
            return false;
        }
        try {
            writeConfiguration();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        signal("-HUP");
        return true;
    }

    private Path configuration() {
        return directory.resolve(kind == Kind.BIND ? "named.conf" : "knot.conf");
    }

    private void writeConfiguration() throws IOException {
        Files.createDirectories(directory.resolve("catz"));
        Files.writeString(configuration(), kind == Kind.BIND ? namedConf() : knotConf(), StandardCharsets.UTF_8);
    }

    /**
     * BIND: every query and transfer from its own address (and no second try from the alternate
     * source after a failed transfer, by default the kernel's choice: 127.0.0.1), NOTIFY
     * from the primary (BIND takes NOTIFY from a zone's primaries), no NOTIFY of its own, no
     * control channel (the configuration is reread on SIGHUP).
     */
    private String namedConf() {
        boolean v6 = address.contains(":");
        String source = v6 ? "-v6" : "";
        StringBuilder conf = new StringBuilder();
        for (Key key : keys()) {
            conf.append("key \"")
                    .append(key.name())
                    .append("\" { algorithm ")
                    .append(key.algorithm())
                    .append("; secret \"")
                    .append(key.secret())
                    .append("\"; };\n");
        }
        conf.append("controls { };\n")
                .append("options {\n")
                .append("  directory \"")
                .append(directory)
                .append("\";\n")
                .append("  pid-file none;\n")
                .append("  session-keyfile none;\n")
                .append(
                        v6
                                ? "  listen-on { none; };\n  listen-on-v6 port "
                                : "  listen-on-v6 { none; };\n  listen-on port ")
                .append(port)
                .append(" { ")
                .append(address)
                .append("; };\n")
                .append("  recursion no;\n")
                .append("  dnssec-validation no;\n")
                .append("  notify no;\n")
                .append("  ixfr-from-differences yes;\n")
                .append("  transfer-source")
                .append(source)
                .append(' ')
                .append(address)
                .append(";\n")
                .append("  use-alt-transfer-source no;\n")
                .append("  notify-source")
                .append(source)
                .append(' ')
                .append(address)
                .append(";\n")
                .append("  query-source")
                .append(source)
                .append(" address ")
                .append(address)
                .append(";\n");
        if (catalogZone != null) {
            conf.append("  allow-new-zones yes;\n")
                    .append("  catalog-zones {\n    zone \"")
                    .append(catalogZone)
                    .append("\" default-primaries { ")
                    .append(primary(catalogKey))
                    // named applies a catalog's change at most every min-update-interval (5 s by default)
                    .append("; } in-memory no zone-directory \"catz\" min-update-interval 1;\n  };\n");
        }
        conf.append("};\n");
        if (catalogZone != null) {
            conf.append(secondaryZone(catalogZone, catalogKey));
        }
        zones.forEach((zone, key) -> conf.append(secondaryZone(zone, key)));
        return conf.toString();
    }

    private String secondaryZone(String zone, Key key) {
        return "zone \"" + zone + "\" { type secondary; file \"" + zone + ".db\"; primaries { " + primary(key)
                + "; }; };\n";
    }

    private String primary(Key key) {
        return primaryAddress + " port " + primaryPort + (key == null ? "" : " key \"" + key.name() + "\"");
    }

    /**
     * Knot: transfers from its own address ({@code via}); NOTIFY taken from the primary's address,
     * signed with the zone's key or unsigned (a primary signs NOTIFY as it likes: BIND with the
     * target's key, PowerDNS not at all with send-signed-notify=no).
     */
    private String knotConf() {
        StringBuilder conf = new StringBuilder()
                .append("server:\n")
                .append("  rundir: \"")
                .append(directory)
                .append("\"\n")
                .append("  listen: ")
                .append(address)
                .append('@')
                .append(port)
                .append('\n')
                .append("log:\n  - target: stderr\n    any: info\n")
                .append("database:\n  storage: \"")
                .append(directory)
                .append("\"\n");
        List<Key> keys = keys();
        if (!keys.isEmpty()) {
            conf.append("key:\n");
            for (Key key : keys) {
                conf.append("  - id: ")
                        .append(key.name())
                        .append('\n')
                        .append("    algorithm: ")
                        .append(key.algorithm())
                        .append('\n')
                        .append("    secret: ")
                        .append(key.secret())
                        .append('\n');
            }
        }
        conf.append("remote:\n")
                .append("  - id: primary\n")
                .append("    address: ")
                .append(primaryAddress)
                .append('@')
                .append(primaryPort)
                .append('\n')
                .append("    via: ")
                .append(address)
                .append('\n');
        for (Key key : keys) {
            conf.append("  - id: primary-")
                    .append(key.name())
                    .append('\n')
                    .append("    address: ")
                    .append(primaryAddress)
                    .append('@')
                    .append(primaryPort)
                    .append('\n')
                    .append("    via: ")
                    .append(address)
                    .append('\n')
                    .append("    key: ")
                    .append(key.name())
                    .append('\n');
        }
        conf.append("acl:\n")
                .append("  - id: notify\n")
                .append("    address: ")
                .append(primaryAddress)
                .append('\n')
                .append("    action: notify\n");
        for (Key key : keys) {
            conf.append("  - id: notify-")
                    .append(key.name())
                    .append('\n')
                    .append("    address: ")
                    .append(primaryAddress)
                    .append('\n')
                    .append("    key: ")
                    .append(key.name())
                    .append('\n')
                    .append("    action: notify\n");
        }
        if (!zones.isEmpty()) {
            conf.append("zone:\n");
            zones.forEach((zone, key) -> {
                conf.append("  - domain: ")
                        .append(zone)
                        .append(".\n")
                        .append("    storage: \"")
                        .append(directory)
                        .append("\"\n")
                        .append("    file: \"")
                        .append(zone)
                        .append(".zone\"\n");
                if (key == null) {
                    conf.append("    master: primary\n    acl: notify\n");
                } else {
                    conf.append("    master: primary-")
                            .append(key.name())
                            .append('\n')
                            .append("    acl: [ notify-")
                            .append(key.name())
                            .append(", notify ]\n");
                }
            });
        }
        return conf.toString();
    }

    /** Each key once, whichever zones use it. */
    private List<Key> keys() {
        Map<String, Key> keys = new LinkedHashMap<>();
        if (catalogKey != null) {
            keys.put(catalogKey.name(), catalogKey);
        }
        zones.values().stream().filter(k -> k != null).forEach(k -> keys.putIfAbsent(k.name(), k));
        return List.copyOf(keys.values());
    }

    /**
     * named listens only on the addresses of an interface (it scans them; Knot binds any
     * loopback address): one of 127.0.0.0/8 other than 127.0.0.1 is added to lo once, as root.
     */
    private void requireInterfaceAddress() {
        try {
            InetAddress inet = InetAddress.getByName(address);
            if (NetworkInterface.getByInetAddress(inet) != null) {
                return;
            }
            boolean v6 = inet instanceof Inet6Address;
            List<String> command = v6
                    ? List.of("ip", "-6", "addr", "add", address + "/128", "dev", "lo")
                    : List.of("ip", "addr", "add", address + "/32", "dev", "lo");
            Process ip = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(ip.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!ip.waitFor(10, TimeUnit.SECONDS) || (ip.exitValue() != 0 && !output.contains("File exists"))) {
                throw new AssertionError("named listens only on an interface's addresses, and " + address
                        + " could not be added to lo (`" + String.join(" ", command) + "`, as root): " + output);
            }
        } catch (IOException e) {
            throw new AssertionError(
                    "named listens only on an interface's addresses: add " + address + " to lo (ip addr add " + address
                            + "/32 dev lo, from Debian's iproute2, as root)",
                    e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /**
     * Nothing else on its address and port: a nameserver left running by an earlier run would
     * answer in its place (both bind with SO_REUSEPORT), and the test would look at the wrong one.
     */
    private void requireFreePort() {
        for (boolean tcp : new boolean[] {false, true}) {
            try (java.io.Closeable socket = tcp
                    ? new java.net.ServerSocket(port, 1, InetAddress.getByName(address))
                    : new java.net.DatagramSocket(new InetSocketAddress(address, port))) {
                // free
            } catch (IOException e) {
                throw new AssertionError(address + "#" + port + " (" + (tcp ? "TCP" : "UDP")
                        + ") is in use, by a nameserver left running by an earlier run? " + e.getMessage());
            }
        }
    }

    private void signal(String signal) {
        if (process == null || !process.isAlive()) {
            throw new IllegalStateException(kind.program + " on " + address + "#" + port + " is not running");
        }
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

    private static String relative(String zone) {
        String lower = zone.strip().toLowerCase(java.util.Locale.ROOT);
        return lower.endsWith(".") ? lower.substring(0, lower.length() - 1) : lower;
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
