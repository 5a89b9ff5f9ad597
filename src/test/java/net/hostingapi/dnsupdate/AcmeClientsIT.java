package net.hostingapi.dnsupdate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import net.hostingapi.nameserver.PowerDnsExtension;
import net.hostingapi.support.ChildProcesses;
import net.hostingapi.support.Deployments;
import net.hostingapi.support.DnsTestZone;
import net.hostingapi.support.DnsUpdateClient;
import net.hostingapi.support.MariaDbExtension;
import net.hostingapi.support.Pebble;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.xbill.DNS.DClass;
import org.xbill.DNS.Message;
import org.xbill.DNS.Name;
import org.xbill.DNS.Rcode;
import org.xbill.DNS.Record;
import org.xbill.DNS.Section;
import org.xbill.DNS.SimpleResolver;
import org.xbill.DNS.Type;
import org.xbill.DNS.Update;

/**
 * The ACME clients people use with RFC 2136 (issue 58): Debian's lego ({@code --dns rfc2136})
 * and certbot (python3-certbot-dns-rfc2136) each get a certificate from Pebble, which validates
 * the DNS-01 challenge by asking PowerDNS, to which the service publishes what the clients' UPDATEs
 * changed. Their key's token may only touch {@code _acme-challenge} TXT records of one zone; the
 * same key is refused an A record. Each client waits 2 s after its UPDATE before the CA looks:
 * the change is served by then (issue 58, section 3: within the usual publication time).
 */
@ExtendWith(MariaDbExtension.class)
@ExtendWith(PowerDnsExtension.class)
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class AcmeClientsIT {

    /** What a client may take at most, its account, order and 2 s wait included; then it is killed. */
    private static final Duration CLIENT_TIMEOUT = Duration.ofSeconds(180);

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.service();
    }

    private static Pebble pebble;

    @ArquillianResource
    URL base;

    @TempDir
    Path work;

    private DnsTestZone hosted;
    private String zone;
    private JsonObject tsig;
    private DnsUpdateClient dns;

    @BeforeAll
    static void startPebble() {
        pebble = Pebble.start(
                Path.of("target", "pebble"),
                Integer.parseInt(System.getProperty("test.pebble.port")),
                Integer.parseInt(System.getProperty("test.pebble.management.port")),
                Integer.parseInt(System.getProperty("test.pdns.dns.port")));
    }

    @AfterAll
    static void stopPebble() {
        if (pebble != null) {
            pebble.stop();
        }
    }

    @BeforeEach
    void zoneAndChallengeKey() {
        hosted = DnsTestZone.create(
                base, DnsTestZone.record("www", "A", "192.0.2.1"), DnsTestZone.record("mail", "A", "192.0.2.2"));
        zone = hosted.name();
        JsonObject token = hosted.newKeyToken(Json.createObjectBuilder()
                .add("rights", Json.createArrayBuilder().add("DNS_ZONES_CRUD"))
                .add("zones", Json.createArrayBuilder().add(zone))
                .add("names", Json.createArrayBuilder().add("_acme-challenge").add("_acme-challenge.*"))
                .add("types", Json.createArrayBuilder().add("TXT")));
        tsig = token.getJsonObject("tsig");
        dns = DnsUpdateClient.of(token);
    }

    @Test
    void legoGetsACertificateAndTheKeyIsRefusedAnARecord() throws Exception {
        String domain = "www." + zone;
        Path legoPath = work.resolve("lego");
        Finished lego = run(
                List.of(
                        "lego",
                        "--server",
                        pebble.directoryUrl(),
                        "--email",
                        "hostmaster@" + zone,
                        "--accept-tos",
                        "--domains",
                        domain,
                        "--dns",
                        "rfc2136",
                        // the propagation check: PowerDNS; the zone's NS names resolve nowhere here
                        "--dns.resolvers",
                        "127.0.0.1:" + PowerDnsExtension.server().dnsPort(),
                        "--dns.disable-cp",
                        "--path",
                        legoPath.toString(),
                        "run"),
                Map.of(
                        "RFC2136_NAMESERVER",
                        "127.0.0.1:" + DnsUpdateClient.port(),
                        "RFC2136_TSIG_KEY",
                        tsig.getString("name"),
                        "RFC2136_TSIG_SECRET",
                        tsig.getString("secret"),
                        "RFC2136_TSIG_ALGORITHM",
                        "hmac-sha256.",
                        // lego waits one polling interval before it checks and has the CA look
                        "RFC2136_POLLING_INTERVAL",
                        "2",
                        "RFC2136_PROPAGATION_TIMEOUT",
                        "30",
                        "RFC2136_TTL",
                        "60",
                        "LEGO_CA_CERTIFICATES",
                        pebble.caCertificate().toString()),
                "lego (apt-get install lego)");
        assertEquals(0, lego.exit(), lego.describe());
        assertIssuedFor(domain, legoPath.resolve("certificates").resolve(domain + ".crt"), lego);

        assertChallengeGone("_acme-challenge.www");
        List<JsonObject> updates = dnsUpdates();
        assertEquals(2, updates.size(), "lego's UPDATEs: the challenge added, then removed: " + updates);
        assertEquals(
                List.of("_acme-challenge.www TXT"),
                changed(updates.get(1), "added"),
                "the first added the challenge: " + updates.get(1));
        assertEquals(List.of("_acme-challenge.www TXT"), changed(updates.get(0), "removed"));

        // the same key, an A record: REFUSED, and nothing changes, here or at the nameserver
        JsonObject before = hosted.shown();
        Name origin = hosted.origin();
        Update address = new Update(origin);
        address.add(Name.fromString("_acme-challenge", origin), Type.A, 300, "192.0.2.66");
        Message refused = dns.send(address);
        assertEquals(Rcode.REFUSED, refused.getRcode(), refused.toString());
        Update www = new Update(origin);
        www.add(Name.fromString("www", origin), Type.A, 300, "192.0.2.66");
        assertEquals(Rcode.REFUSED, dns.send(www).getRcode(), "the key's names are _acme-challenge only");
        assertEquals(before, hosted.shown());
        assertEquals(2, dnsUpdates().size(), "a refused UPDATE leaves no history");
        assertEquals(List.of(), served("_acme-challenge." + zone, Type.A));
        assertEquals(List.of("192.0.2.1"), served("www." + zone, Type.A));
    }

    @Test
    void certbotGetsACertificate() throws Exception {
        String domain = "mail." + zone;
        Path credentials = work.resolve("rfc2136.ini");
        Files.writeString(
                credentials,
                String.join(
                        "\n",
                        "dns_rfc2136_server = 127.0.0.1",
                        "dns_rfc2136_port = " + DnsUpdateClient.port(),
                        "dns_rfc2136_name = " + tsig.getString("name"),
                        "dns_rfc2136_secret = " + tsig.getString("secret"),
                        "dns_rfc2136_algorithm = HMAC-SHA256",
                        ""));
        Files.setPosixFilePermissions(credentials, PosixFilePermissions.fromString("rw-------"));
        Path config = work.resolve("certbot-config");
        Finished certbot = run(
                List.of(
                        "certbot",
                        "certonly",
                        "--non-interactive",
                        "--agree-tos",
                        "--no-eff-email",
                        "--email",
                        "hostmaster@" + zone,
                        "--server",
                        pebble.directoryUrl(),
                        "--dns-rfc2136",
                        "--dns-rfc2136-credentials",
                        credentials.toString(),
                        "--dns-rfc2136-propagation-seconds",
                        "2",
                        "-d",
                        domain,
                        "--config-dir",
                        config.toString(),
                        "--work-dir",
                        work.resolve("certbot-work").toString(),
                        "--logs-dir",
                        work.resolve("certbot-logs").toString()),
                Map.of("REQUESTS_CA_BUNDLE", pebble.caCertificate().toString()),
                "certbot (apt-get install certbot python3-certbot-dns-rfc2136)");
        assertEquals(0, certbot.exit(), certbot.describe());
        assertIssuedFor(domain, config.resolve("live").resolve(domain).resolve("cert.pem"), certbot);

        assertChallengeGone("_acme-challenge.mail");
        List<JsonObject> updates = dnsUpdates();
        assertEquals(2, updates.size(), "certbot's UPDATEs: the challenge added, then removed: " + updates);
        assertEquals(List.of("_acme-challenge.mail TXT"), changed(updates.get(1), "added"));
        assertEquals(List.of("_acme-challenge.mail TXT"), changed(updates.get(0), "removed"));
    }

    /** The certificate file holds a certificate for {@code domain} that Pebble's CA issued. */
    private void assertIssuedFor(String domain, Path file, Finished client) throws Exception {
        assertTrue(Files.isRegularFile(file), file + " is missing; " + client.describe());
        X509Certificate certificate;
        try (InputStream in = Files.newInputStream(file)) {
            certificate = (X509Certificate) CertificateFactory.getInstance("X.509")
                    .generateCertificates(in)
                    .iterator()
                    .next();
        }
        List<String> names = new ArrayList<>();
        for (List<?> name : certificate.getSubjectAlternativeNames()) {
            names.add(name.get(1).toString());
        }
        assertEquals(List.of(domain), names);
        assertTrue(
                certificate.getIssuerX500Principal().getName().contains("Pebble"),
                certificate.getIssuerX500Principal().getName());
    }

    /** The client removed its challenge again: gone from the zone and, once published, from PowerDNS. */
    private void assertChallengeGone(String name) throws Exception {
        for (JsonValue r : hosted.shown().getJsonArray("records")) {
            assertFalse(r.asJsonObject().getString("name").startsWith("_acme-challenge"), r.toString());
        }
        await(() -> served(name + "." + zone, Type.TXT).isEmpty(), name + " TXT no longer served");
    }

    /** The history's entries made over DNS UPDATE with this test's key, newest first. */
    private List<JsonObject> dnsUpdates() {
        List<JsonObject> updates = new ArrayList<>();
        for (JsonValue value : hosted.history()) {
            JsonObject entry = value.asJsonObject();
            if (!entry.getString("operation").equals("create")) {
                assertEquals("dns-update", entry.getString("via"), entry.toString());
                assertEquals(tsig.getString("name"), entry.getString("tsig_key"), entry.toString());
                updates.add(entry);
            }
        }
        return updates;
    }

    /** "name TYPE" of each record an entry added or removed. */
    private static List<String> changed(JsonObject entry, String which) {
        List<String> records = new ArrayList<>();
        for (JsonValue r : entry.getJsonArray(which)) {
            records.add(
                    r.asJsonObject().getString("name") + " " + r.asJsonObject().getString("type"));
        }
        return records;
    }

    /** What PowerDNS answers for {@code name}'s {@code type}: the records' data. */
    private static List<String> served(String name, int type) {
        try {
            SimpleResolver resolver = new SimpleResolver("127.0.0.1");
            resolver.setPort(PowerDnsExtension.server().dnsPort());
            resolver.setTimeout(Duration.ofSeconds(5));
            Message answer =
                    resolver.send(Message.newQuery(Record.newRecord(Name.fromString(name + "."), type, DClass.IN)));
            List<String> data = new ArrayList<>();
            for (Record r : answer.getSection(Section.ANSWER)) {
                if (r.getType() == type) {
                    data.add(r.rdataToString());
                }
            }
            return data;
        } catch (IOException e) {
            throw new AssertionError("PowerDNS did not answer for " + name, e);
        }
    }

    private static void await(Supplier<Boolean> condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < deadline) {
            if (condition.get()) {
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("Not within 60 s: " + what);
    }

    /** A client program's end: its exit status and everything it wrote. */
    private record Finished(List<String> command, int exit, String output) {
        String describe() {
            return String.join(" ", command) + " exited with " + exit + ":\n" + output + "\nPebble's log:\n"
                    + pebble.log();
        }
    }

    /**
     * Runs {@code command} with {@code environment} added, in the test's directory, killed after
     * {@link #CLIENT_TIMEOUT}; a missing program fails the test.
     */
    private Finished run(List<String> command, Map<String, String> environment, String what) throws Exception {
        Path output = Files.createTempFile(work, "client", ".log");
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(work.toFile())
                .redirectErrorStream(true)
                .redirectOutput(output.toFile());
        builder.environment().putAll(environment);
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new AssertionError(what + " is missing (README, Prerequisites)", e);
        }
        if (!process.waitFor(CLIENT_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
            ChildProcesses.stop(process);
            throw new AssertionError(String.join(" ", command) + " did not finish within " + CLIENT_TIMEOUT
                    + ", killed:\n" + Files.readString(output) + "\nPebble's log:\n" + pebble.log());
        }
        return new Finished(command, process.exitValue(), Files.readString(output));
    }
}
