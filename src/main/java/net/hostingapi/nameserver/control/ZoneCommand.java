package net.hostingapi.nameserver.control;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A command an operator configures to tell the nameserver of a change (ZONE_RELOAD_COMMAND,
 * ZONE_RECONFIG_COMMAND): split on whitespace into arguments, {@code {zone}} replaced by the zone's
 * name within its argument, run without a shell (nothing in a name can become another argument or
 * command), killed when it runs longer than its time. Any failure (cannot start, non-zero exit,
 * too slow) is the nameserver being unavailable.
 */
final class ZoneCommand {

    static final String ZONE = "{zone}";
    private static final int OUTPUT_SHOWN = 500;

    private final List<String> template;

    private ZoneCommand(List<String> template) {
        this.template = template;
    }

    /** Empty when not configured (unset or blank). */
    static Optional<ZoneCommand> of(Optional<String> configured) {
        return configured
                .map(String::strip)
                .filter(c -> !c.isEmpty())
                .map(c -> new ZoneCommand(List.of(c.split("\\s+"))));
    }

    /** The arguments for {@code zone}: each {@code {zone}} replaced, never split. */
    List<String> arguments(String zone) {
        return template.stream()
                .map(a -> zone == null ? a : a.replace(ZONE, zone))
                .toList();
    }

    void run(String zone, Duration timeout) {
        List<String> arguments = arguments(zone);
        String shown = String.join(" ", arguments);
        Path output = null;
        try {
            output = Files.createTempFile("zone-command", ".out");
            Process process;
            try {
                process = new ProcessBuilder(arguments)
                        .redirectErrorStream(true)
                        .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                        .redirectOutput(output.toFile())
                        .start();
            } catch (IOException e) {
                throw new NameserverPublisher.Unavailable("Cannot start `" + shown + "`: " + e.getMessage(), e);
            }
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw new NameserverPublisher.Unavailable(
                        "`" + shown + "` did not finish within " + timeout.toSeconds() + " s and was killed", null);
            }
            if (process.exitValue() != 0) {
                throw new NameserverPublisher.Unavailable(
                        "`" + shown + "` exited with " + process.exitValue() + ": " + head(output), null);
            }
        } catch (IOException e) {
            throw new NameserverPublisher.Unavailable("Cannot run `" + shown + "`: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new NameserverPublisher.Unavailable("Interrupted while running `" + shown + "`", e);
        } finally {
            if (output != null) {
                try {
                    Files.deleteIfExists(output);
                } catch (IOException e) {
                    // a leftover temporary file of a few bytes
                }
            }
        }
    }

    private static String head(Path output) throws IOException {
        byte[] bytes = Files.readAllBytes(output);
        String text = new String(Arrays.copyOf(bytes, Math.min(bytes.length, OUTPUT_SHOWN)), StandardCharsets.UTF_8);
        return text.strip().replaceAll("\\s+", " ");
    }
}
