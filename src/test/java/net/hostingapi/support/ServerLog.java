package net.hostingapi.support;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * What Payara Micro wrote to its console while the current test class ran, for assertions on the
 * server log. The Arquillian managed container passes every line of Payara's stdout and stderr to
 * {@code System.out.println}, looking {@code System.out} up at each call; so a tee on
 * {@code System.out}, installed before Arquillian starts Payara, also writes everything to
 * {@code target/server-log/<test class>.log}. The file also holds whatever the tests themselves
 * print to {@code System.out} (JUnit and Arquillian log through {@code System.err}).
 */
public class ServerLog implements BeforeAllCallback {

    private static final String KEY = ServerLog.class.getName();
    private static final Path DIR = Path.of("target", "server-log");
    private static final long WAIT_MILLIS = 60_000;
    private static final Object LOCK = new Object();
    private static Path file;
    private static OutputStream out;

    @Override
    public void beforeAll(ExtensionContext context) {
        context.getRoot().getStore(ExtensionContext.Namespace.GLOBAL).getOrComputeIfAbsent(KEY, k -> install());
        startFile(DIR.resolve(context.getRequiredTestClass().getSimpleName() + ".log"));
    }

    /** The log of the current test class so far. */
    public static String text() {
        synchronized (LOCK) {
            if (file == null) {
                throw new IllegalStateException("ServerLog is not installed: register it before ArquillianExtension");
            }
            try {
                out.flush();
                return Files.readString(file, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    public static List<String> lines() {
        return text().lines().toList();
    }

    /**
     * The first line holding {@code needle}, once Payara has written it: its console reaches us
     * through a pipe and a reader thread, a little after the answer that caused it.
     */
    public static String awaitLine(String needle) {
        long deadline = System.currentTimeMillis() + WAIT_MILLIS;
        while (true) {
            for (String line : lines()) {
                if (line.contains(needle)) {
                    return line;
                }
            }
            if (System.currentTimeMillis() > deadline) {
                throw new AssertionError("no line with " + needle + " in the server log " + file);
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }

    /** The request log line of the request with this {@code X-Request-Id}. */
    public static String requestLine(String requestId) {
        return awaitLine("request=" + requestId);
    }

    private static ExtensionContext.Store.CloseableResource install() {
        PrintStream original = System.out;
        PrintStream tee = new PrintStream(
                new OutputStream() {
                    @Override
                    public void write(int b) throws IOException {
                        write(new byte[] {(byte) b}, 0, 1);
                    }

                    @Override
                    public void write(byte[] bytes, int offset, int length) throws IOException {
                        original.write(bytes, offset, length);
                        synchronized (LOCK) {
                            if (out != null) {
                                out.write(bytes, offset, length);
                            }
                        }
                    }

                    @Override
                    public void flush() throws IOException {
                        original.flush();
                        synchronized (LOCK) {
                            if (out != null) {
                                out.flush();
                            }
                        }
                    }
                },
                true,
                StandardCharsets.UTF_8);
        System.setOut(tee);
        return () -> {
            System.setOut(original);
            synchronized (LOCK) {
                if (out != null) {
                    out.close();
                    out = null;
                }
            }
        };
    }

    private static void startFile(Path next) {
        synchronized (LOCK) {
            try {
                if (out != null) {
                    out.close();
                }
                Files.createDirectories(next.getParent());
                out = new FileOutputStream(next.toFile(), false);
                file = next;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
