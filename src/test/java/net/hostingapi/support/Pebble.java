package net.hostingapi.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.Key;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Pebble, Let's Encrypt's ACME test CA (Debian's pebble), on loopback ports of its own: it
 * validates DNS-01 challenges by asking the nameserver it is given, and issues at once. Debian
 * ships none of Pebble's test certificates, so its HTTPS certificate comes from a CA made here
 * with the JDK's keytool; the ACME clients trust that CA ({@link #caCertificate}). A missing
 * pebble fails the test (README, Prerequisites; .ci/run installs it).
 */
public final class Pebble {

    private static final String PASSWORD = "pebble-test";

    private final Path directory;
    private final int port;
    private Process process;

    private Pebble(Path directory, int port) {
        this.directory = directory;
        this.port = port;
    }

    /**
     * Pebble listening at 127.0.0.1:{@code port} (its management interface at {@code
     * managementPort}), validating with the nameserver at 127.0.0.1:{@code dnsPort}; started.
     */
    public static Pebble start(Path directory, int port, int managementPort, int dnsPort) {
        Pebble pebble = new Pebble(directory.toAbsolutePath(), port);
        pebble.launch(managementPort, dnsPort);
        return pebble;
    }

    /** The ACME directory URL. */
    public String directoryUrl() {
        return "https://127.0.0.1:" + port + "/dir";
    }

    /** The PEM file of the CA that signed Pebble's HTTPS certificate. */
    public Path caCertificate() {
        return directory.resolve("ca.pem");
    }

    /** What Pebble logged so far: which challenges it validated and how. */
    public String log() {
        try {
            return Files.readString(directory.resolve("pebble.log"));
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }

    public synchronized void stop() {
        if (process != null) {
            ChildProcesses.stop(process);
            process = null;
        }
    }

    private void launch(int managementPort, int dnsPort) {
        try {
            Files.createDirectories(directory);
            for (String file : List.of("ca.p12", "tls.p12", "ca.pem", "cert.pem", "key.pem")) {
                Files.deleteIfExists(directory.resolve(file));
            }
            certificates();
            Files.writeString(directory.resolve("pebble.json"), """
                    {"pebble": {
                      "listenAddress": "127.0.0.1:%d",
                      "managementListenAddress": "127.0.0.1:%d",
                      "certificate": "%s",
                      "privateKey": "%s",
                      "httpPort": 5002,
                      "tlsPort": 5001,
                      "ocspResponderURL": "",
                      "externalAccountBindingRequired": false
                    }}
                    """.formatted(
                            port, managementPort, directory.resolve("cert.pem"), directory.resolve("key.pem")));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ProcessBuilder builder = new ProcessBuilder(
                        "pebble",
                        "-config",
                        directory.resolve("pebble.json").toString(),
                        "-dnsserver",
                        "127.0.0.1:" + dnsPort)
                .redirectErrorStream(true)
                .redirectOutput(directory.resolve("pebble.log").toFile());
        // validate at once (no random sleep), accept every good nonce, validate every order anew
        builder.environment().put("PEBBLE_VA_NOSLEEP", "1");
        builder.environment().put("PEBBLE_WFE_NONCEREJECT", "0");
        builder.environment().put("PEBBLE_AUTHZREUSE", "0");
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new AssertionError("pebble is missing: apt-get install pebble (README, Prerequisites)", e);
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new AssertionError("pebble exited with " + process.exitValue() + ":\n" + log());
            }
            try (Socket probe = new Socket()) {
                probe.connect(new InetSocketAddress("127.0.0.1", port), 1_000);
                return;
            } catch (IOException e) {
                PowerDnsServer.sleep(100); // not listening yet
            }
        }
        stop();
        throw new AssertionError("pebble did not listen within 30 s:\n" + log());
    }

    /** A CA and, signed by it, a certificate for 127.0.0.1 and localhost with its key, as PEM files. */
    private void certificates() throws IOException {
        keytool(
                "-genkeypair",
                "-alias",
                "ca",
                "-keyalg",
                "EC",
                "-groupname",
                "secp256r1",
                "-dname",
                "CN=hosting-api test CA for Pebble",
                "-ext",
                "bc:c",
                "-validity",
                "2",
                "-keystore",
                "ca.p12");
        keytool(
                "-genkeypair",
                "-alias",
                "tls",
                "-keyalg",
                "EC",
                "-groupname",
                "secp256r1",
                "-dname",
                "CN=localhost",
                "-validity",
                "2",
                "-keystore",
                "tls.p12");
        keytool("-certreq", "-alias", "tls", "-keystore", "tls.p12", "-file", "tls.csr");
        keytool(
                "-gencert",
                "-alias",
                "ca",
                "-keystore",
                "ca.p12",
                "-infile",
                "tls.csr",
                "-outfile",
                "cert.pem",
                "-rfc",
                "-ext",
                "san=ip:127.0.0.1,dns:localhost",
                "-ext",
                "eku=serverAuth",
                "-validity",
                "2");
        keytool("-exportcert", "-alias", "ca", "-keystore", "ca.p12", "-rfc", "-file", "ca.pem");
        try (InputStream in = Files.newInputStream(directory.resolve("tls.p12"))) {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(in, PASSWORD.toCharArray());
            Key key = store.getKey("tls", PASSWORD.toCharArray());
            Files.writeString(
                    directory.resolve("key.pem"),
                    "-----BEGIN PRIVATE KEY-----\n"
                            + Base64.getMimeEncoder(64, "\n".getBytes()).encodeToString(key.getEncoded())
                            + "\n-----END PRIVATE KEY-----\n");
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private void keytool(String... arguments) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
        command.addAll(List.of(arguments));
        command.addAll(List.of("-storepass", PASSWORD, "-storetype", "PKCS12", "-noprompt"));
        try {
            Process p = new ProcessBuilder(command)
                    .directory(directory.toFile())
                    .redirectErrorStream(true)
                    .start();
            String output = new String(p.getInputStream().readAllBytes());
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroyForcibly();
                throw new AssertionError("keytool " + String.join(" ", arguments) + " failed:\n" + output);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
