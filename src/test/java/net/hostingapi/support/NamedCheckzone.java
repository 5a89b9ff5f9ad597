package net.hostingapi.support;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * BIND's zone checker (Debian's bind9-utils), as a nameserver operator would run it on our files.
 * Missing, it fails the test: the README lists it as a prerequisite and .ci/run installs it.
 */
public final class NamedCheckzone {

    private NamedCheckzone() {}

    public static void assertLoads(String origin, String zoneFile) {
        try {
            Path file = Files.createTempFile(Path.of("target"), origin, ".zone");
            Files.writeString(file, zoneFile, StandardCharsets.UTF_8);
            assertLoads(origin, file);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    public static void assertLoads(String origin, Path file) {
        Process process;
        try {
            process = new ProcessBuilder("named-checkzone", "-k", "fail", "-n", "fail", origin, file.toString())
                    .redirectErrorStream(true)
                    .start();
        } catch (IOException e) {
            throw new AssertionError(
                    "named-checkzone is missing: apt-get install bind9-utils (README, Prerequisites)", e);
        }
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("named-checkzone did not finish");
            }
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(
                    0,
                    process.exitValue(),
                    "named-checkzone refused " + file + ":\n" + output + "\n" + Files.readString(file));
        } catch (IOException e) {
            throw new AssertionError(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
