package net.hostingapi.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real PowerDNS Authoritative server (Debian's pdns-server with the sqlite3 backend) on
 * loopback ports, for the tests: started and stopped by them. Missing binaries fail the test
 * (README, Prerequisites; .ci/run installs them).
 */
public final class PowerDnsServer {

    public static final String API_KEY = "test-pdns-api-key";
    private static final String SCHEMA = "/usr/share/doc/pdns-backend-sqlite3/schema.sqlite3.sql";

    private final Path directory;
    private final int dnsPort;
    private final int apiPort;
    private Process process;

    private PowerDnsServer(Path directory, int dnsPort, int apiPort) {
        this.directory = directory;
        this.dnsPort = dnsPort;
        this.apiPort = apiPort;
    }

    public static PowerDnsServer create(Path directory, int dnsPort, int apiPort) {
        try {
            Path dir = Files.createDirectories(directory.toAbsolutePath());
            Path database = dir.resolve("pdns.sqlite3");
            Files.deleteIfExists(database);
            run(
                    new ProcessBuilder("sqlite3", database.toString())
                            .redirectInput(Path.of(SCHEMA).toFile()),
                    "sqlite3 and " + SCHEMA + " (apt-get install sqlite3 pdns-backend-sqlite3)");
            List<String> conf =
                    new ArrayList<>(List.of("launch=gsqlite3", "gsqlite3-database=" + database, "gsqlite3-dnssec=yes"));
            conf.addAll(loopbackSettings(dir, dnsPort, apiPort));
            Files.writeString(dir.resolve("pdns.conf"), String.join("\n", conf) + "\n");
            return new PowerDnsServer(dir, dnsPort, apiPort);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Everything of pdns.conf but the backend: DNS and the HTTP API on loopback, in the
     * foreground, and no caches, so that answers show a change at once. A primary as
     * nameserver.md asks an operator to run it: NOTIFY sent (unsigned: a secondary that does
     * not know the first key of a zone's TSIG-ALLOW-AXFR would refuse it) from the address the
     * secondaries know it by, to the zones' ALSO-NOTIFY only, and transfers allowed by each
     * zone's own lists (the default lets all of 127.0.0.0/8 transfer every zone), but for
     * 127.0.0.1: the tests read what PowerDNS serves by AXFR from there, while secondaries and
     * refused transfers use other loopback addresses (TransferScenarios).
     */
    public static List<String> loopbackSettings(Path dir, int dnsPort, int apiPort) {
        return List.of(
                "local-address=127.0.0.1",
                "local-port=" + dnsPort,
                "api=yes",
                "api-key=" + API_KEY,
                "webserver=yes",
                "webserver-address=127.0.0.1",
                "webserver-port=" + apiPort,
                "webserver-allow-from=127.0.0.0/8",
                "daemon=no",
                "guardian=no",
                "socket-dir=" + dir,
                "disable-syslog=yes",
                "loglevel=4",
                "cache-ttl=0",
                "query-cache-ttl=0",
                "negquery-cache-ttl=0",
                "zone-cache-refresh-interval=0",
                "primary=yes",
                "allow-axfr-ips=127.0.0.1/32",
                "only-notify=",
                "send-signed-notify=no",
                "query-local-address=127.0.0.1");
    }

    public synchronized void start() {
        if (process != null && process.isAlive()) {
            return;
        }
        try {
            process = new ProcessBuilder("pdns_server", "--config-dir=" + directory)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(
                            directory.resolve("pdns.log").toFile()))
                    .start();
        } catch (IOException e) {
            throw new AssertionError(
                    "pdns_server is missing: apt-get install pdns-server pdns-backend-sqlite3 (README, Prerequisites)",
                    e);
        }
        HttpClient client = HttpClient.newHttpClient();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            try {
                HttpResponse<Void> answer = client.send(
                        HttpRequest.newBuilder(URI.create(apiUrl() + "/api/v1/servers/localhost"))
                                .header("X-API-Key", API_KEY)
                                .timeout(Duration.ofSeconds(2))
                                .build(),
                        HttpResponse.BodyHandlers.discarding());
                if (answer.statusCode() == 200) {
                    return;
                }
            } catch (IOException e) {
                // not listening yet
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
            if (!process.isAlive()) {
                throw new AssertionError("pdns_server exited; see " + directory.resolve("pdns.log"));
            }
            sleep(200);
        }
        throw new AssertionError("pdns_server did not answer within 30 s; see " + directory.resolve("pdns.log"));
    }

    public synchronized void stop() {
        if (process == null) {
            return;
        }
        ChildProcesses.stop(process);
        process = null;
    }

    /** The running pdns_server's process id (the benchmark reads its CPU time). */
    public long pid() {
        return process.pid();
    }

    public int dnsPort() {
        return dnsPort;
    }

    public String apiUrl() {
        return "http://127.0.0.1:" + apiPort;
    }

    /**
     * The zone's metadata of one kind as PowerDNS's database holds it, one entry a line (empty when
     * it holds none): some kinds, API-RECTIFY among them, its API neither reads nor writes.
     */
    public String metadata(String zone, String kind) {
        if (!(zone + kind).matches("[A-Za-z0-9.-]+")) {
            throw new IllegalArgumentException(zone + " " + kind);
        }
        return select("SELECT m.content FROM domainmetadata m JOIN domains d ON d.id = m.domain_id"
                + " WHERE d.name = '" + zone + "' AND m.kind = '" + kind + "'");
    }

    /** The zone's kind as PowerDNS's database holds it ({@code NATIVE}, {@code MASTER}); empty when it lacks the zone. */
    public String zoneKind(String zone) {
        if (!zone.matches("[A-Za-z0-9.-]+")) {
            throw new IllegalArgumentException(zone);
        }
        return select("SELECT type FROM domains WHERE name = '" + zone + "'");
    }

    private String select(String query) {
        try {
            Process p = new ProcessBuilder(
                            "sqlite3",
                            "-cmd",
                            ".timeout 5000", // PowerDNS may be writing
                            directory.resolve("pdns.sqlite3").toString(),
                            query)
                    .redirectErrorStream(true)
                    .start();
            String output = new String(p.getInputStream().readAllBytes()).strip();
            if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new AssertionError("Reading PowerDNS's database failed: " + output);
            }
            return output;
        } catch (IOException e) {
            throw new AssertionError("sqlite3 is missing (apt-get install sqlite3)", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    private static void run(ProcessBuilder builder, String what) {
        try {
            Process p = builder.redirectErrorStream(true).start();
            if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new AssertionError("Preparing PowerDNS failed: "
                        + new String(p.getInputStream().readAllBytes()));
            }
        } catch (IOException e) {
            throw new AssertionError("Missing " + what, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** The SOA serial the server answers for {@code origin} over DNS (no cache), or null when it serves no such zone. */
    public Long soaSerial(String origin) {
        try {
            org.xbill.DNS.SimpleResolver resolver = new org.xbill.DNS.SimpleResolver("127.0.0.1");
            resolver.setPort(dnsPort());
            resolver.setTimeout(Duration.ofSeconds(2));
            org.xbill.DNS.Lookup lookup = new org.xbill.DNS.Lookup(
                    org.xbill.DNS.Name.fromString(origin + "."), org.xbill.DNS.Type.SOA, org.xbill.DNS.DClass.IN);
            lookup.setResolver(resolver);
            lookup.setCache(null);
            org.xbill.DNS.Record[] answers = lookup.run();
            return answers == null ? null : ((org.xbill.DNS.SOARecord) answers[0]).getSerial();
        } catch (Exception e) {
            return null;
        }
    }

    /** The zone as the server transfers it (AXFR over TCP, 10 s at most). */
    public List<org.xbill.DNS.Record> axfr(String zone)
            throws java.io.IOException, org.xbill.DNS.ZoneTransferException {
        org.xbill.DNS.ZoneTransferIn transfer = org.xbill.DNS.ZoneTransferIn.newAXFR(
                org.xbill.DNS.Name.fromString(zone + "."), "127.0.0.1", dnsPort(), null);
        transfer.setTimeout(Duration.ofSeconds(10));
        transfer.run();
        return transfer.getAXFR();
    }
}
