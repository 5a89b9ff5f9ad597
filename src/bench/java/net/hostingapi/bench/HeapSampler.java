package net.hostingapi.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The service JVM's heap while a scenario runs: {@code jstat -gc <pid> 200} samples every 200 ms;
 * used heap is survivor, eden and old generation together. Also the JVM's heap ceiling (jcmd
 * VM.flags) and how many full collections happened meanwhile.
 */
final class HeapSampler implements AutoCloseable {

    private final Process jstat;
    private final Thread reader;
    private volatile double peakMiB;
    private volatile int samples;
    private volatile long firstFullGcs = -1;
    private volatile long lastFullGcs = -1;

    private HeapSampler(long pid) throws IOException {
        jstat = new ProcessBuilder(Prerequisites.jdkTool("jstat").toString(), "-gc", Long.toString(pid), "200")
                .redirectErrorStream(true)
                .start();
        reader = new Thread(this::read, "jstat-reader");
        reader.setDaemon(true);
        reader.start();
    }

    static HeapSampler start(long pid) throws IOException {
        return new HeapSampler(pid);
    }

    private void read() {
        try (BufferedReader in =
                new BufferedReader(new InputStreamReader(jstat.getInputStream(), StandardCharsets.UTF_8))) {
            List<String> header = null;
            String line;
            while ((line = in.readLine()) != null) {
                List<String> fields = Arrays.asList(line.trim().split("\\s+"));
                if (fields.contains("EU")) {
                    header = fields;
                } else if (header != null && fields.size() == header.size()) {
                    double usedKb = value(header, fields, "S0U")
                            + value(header, fields, "S1U")
                            + value(header, fields, "EU")
                            + value(header, fields, "OU");
                    peakMiB = Math.max(peakMiB, usedKb / 1024);
                    long fullGcs = (long) value(header, fields, "FGC");
                    if (firstFullGcs < 0) {
                        firstFullGcs = fullGcs;
                    }
                    lastFullGcs = fullGcs;
                    samples++;
                }
            }
        } catch (IOException | NumberFormatException e) {
            // jstat ended or printed something unexpected: the samples so far stand
        }
    }

    private static double value(List<String> header, List<String> fields, String column) {
        return Double.parseDouble(fields.get(header.indexOf(column)));
    }

    double peakMiB() {
        return peakMiB;
    }

    int samples() {
        return samples;
    }

    long fullGcs() {
        return firstFullGcs < 0 ? 0 : lastFullGcs - firstFullGcs;
    }

    /** The JVM's maximum heap in MiB (its -Xmx), or -1 if jcmd cannot tell. */
    static double maxHeapMiB(long pid) {
        try {
            Process jcmd = new ProcessBuilder(Prerequisites.jdkTool("jcmd").toString(), Long.toString(pid), "VM.flags")
                    .redirectErrorStream(true)
                    .start();
            String out = new String(jcmd.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            jcmd.waitFor(30, TimeUnit.SECONDS);
            Matcher m = Pattern.compile("MaxHeapSize=(\\d+)").matcher(out);
            return m.find() ? Long.parseLong(m.group(1)) / (1024.0 * 1024.0) : -1;
        } catch (IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    @Override
    public void close() {
        jstat.destroy();
        try {
            if (!jstat.waitFor(10, TimeUnit.SECONDS)) {
                jstat.destroyForcibly();
            }
            reader.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
