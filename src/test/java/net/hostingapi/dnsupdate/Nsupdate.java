package net.hostingapi.dnsupdate;

import static org.junit.jupiter.api.Assertions.fail;

import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import net.hostingapi.support.ChildProcesses;
import net.hostingapi.support.DnsUpdateClient;

/**
 * Debian's {@code nsupdate} (bind9-dnsutils) run as a child process against the service's DNS
 * listener, its commands on stdin, signed with a token's TSIG key; a missing program fails the test.
 */
final class Nsupdate {

    /** What nsupdate did: its exit status (0 done, 2 the server refused, 1 nsupdate gave up) and what it printed. */
    record Run(int exit, String stdout, String stderr) {

        @Override
        public String toString() {
            return "exit " + exit + ", stdout: " + stdout + ", stderr: " + stderr;
        }
    }

    private final List<String> keyArguments;

    private Nsupdate(List<String> keyArguments) {
        this.keyArguments = keyArguments;
    }

    /** Signing with {@code -y hmac-sha256:name:secret} from {@code tokens/create}'s {@code data.token}. */
    static Nsupdate withLiteralKey(JsonObject token) {
        JsonObject tsig = token.getJsonObject("tsig");
        return withLiteralKey(tsig.getString("algorithm"), tsig.getString("name"), tsig.getString("secret"));
    }

    static Nsupdate withLiteralKey(String algorithm, String name, String secret) {
        return new Nsupdate(List.of("-y", algorithm + ":" + name + ":" + secret));
    }

    /** Signing with {@code -k file}, a key statement as named.conf writes it. */
    static Nsupdate withKeyFile(JsonObject token, Path directory) throws IOException {
        JsonObject tsig = token.getJsonObject("tsig");
        Path file = Files.createTempFile(directory, "tsig-", ".key");
        Files.writeString(
                file,
                "key \"" + tsig.getString("name") + "\" {\n"
                        + "\talgorithm " + tsig.getString("algorithm") + ";\n"
                        + "\tsecret \"" + tsig.getString("secret") + "\";\n"
                        + "};\n");
        return new Nsupdate(List.of("-k", file.toString()));
    }

    /**
     * Runs nsupdate with {@code "server 127.0.0.1 PORT"} and then {@code commands} on stdin; one UDP
     * try of 3 s (a lost answer is a failure here, not a retry), TCP for larger messages as usual.
     */
    Run send(String... commands) throws Exception {
        List<String> command = new ArrayList<>(List.of("nsupdate", "-r", "0", "-u", "3", "-t", "10"));
        command.addAll(keyArguments);
        Process process;
        try {
            process = new ProcessBuilder(command).start();
        } catch (IOException e) {
            return fail("nsupdate is needed (Debian package bind9-dnsutils): " + e);
        }
        CompletableFuture<String> stdout = CompletableFuture.supplyAsync(() -> read(process, false));
        CompletableFuture<String> stderr = CompletableFuture.supplyAsync(() -> read(process, true));
        StringBuilder input = new StringBuilder("server 127.0.0.1 " + DnsUpdateClient.port() + "\n");
        for (String line : commands) {
            input.append(line).append('\n');
        }
        try (OutputStream in = process.getOutputStream()) {
            in.write(input.toString().getBytes(StandardCharsets.UTF_8));
        }
        if (!process.waitFor(60, TimeUnit.SECONDS)) { // a hang guard only: -t bounds it at 10 s
            ChildProcesses.stop(process);
            fail("nsupdate did not end within 60 s: " + input);
        }
        return new Run(process.exitValue(), stdout.get().strip(), stderr.get().strip());
    }

    private static String read(Process process, boolean error) {
        try {
            return new String(
                    (error ? process.getErrorStream() : process.getInputStream()).readAllBytes(),
                    StandardCharsets.UTF_8);
        } catch (IOException e) {
            return e.toString();
        }
    }
}
