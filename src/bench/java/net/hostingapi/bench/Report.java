package net.hostingapi.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The results: one table of figures with the targets beside them (results.md and results.csv,
 * also printed), the runs behind the figures with their counts and errors, and notes.
 */
final class Report {

    /** How the ours/PowerDNS column is formed: throughput ours/PowerDNS, latency the inverse (above 1 = we are faster). */
    enum Ratio {
        THROUGHPUT,
        LATENCY,
        NONE
    }

    record Row(
            String scenario,
            String metric,
            String ours,
            String pdns,
            String floor,
            String ratio,
            String target,
            String holds) {}

    private record Run(String scenario, String side, LoadClient.Result result) {}

    private final List<String> header = new ArrayList<>();
    private final List<Row> rows = new ArrayList<>();
    private final List<Run> runs = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();

    void header(String line) {
        header.add(line);
    }

    void note(String line) {
        notes.add(line);
        BenchEnvironment.log(line);
    }

    void run(String scenario, String side, LoadClient.Result result) {
        runs.add(new Run(scenario, side, result));
        BenchEnvironment.log(String.format(
                Locale.ROOT,
                "%s, %s: %.1f req/s, p50 %.2f ms, p99 %.2f ms, %d measured; non-2xx/5xx/failed %s%s",
                scenario,
                side,
                result.throughput(),
                result.p50Ms(),
                result.p99Ms(),
                result.measured(),
                result.errors(),
                result.firstProblem() == null ? "" : " (first: " + result.firstProblem() + ")"));
    }

    /**
     * A row of numbers; {@code pdns} null where PowerDNS has no equivalent, {@code floor} set only for
     * MariaDB's own figures; {@code holds} null where no target applies.
     */
    void add(
            String scenario,
            String metric,
            Double ours,
            Double pdns,
            Double floor,
            Ratio ratio,
            String target,
            Boolean holds) {
        String r = "";
        if (ours != null && pdns != null && ours > 0 && pdns > 0) {
            r = switch (ratio) {
                case THROUGHPUT -> ratio(ours / pdns);
                case LATENCY -> ratio(pdns / ours);
                case NONE -> "";
            };
        }
        rows.add(new Row(
                scenario,
                metric,
                number(ours),
                number(pdns),
                number(floor),
                r,
                target == null ? "" : target,
                yesNo(holds)));
    }

    void addText(String scenario, String metric, String ours, String pdns, String target, Boolean holds) {
        rows.add(new Row(
                scenario,
                metric,
                ours == null ? "" : ours,
                pdns == null ? "" : pdns,
                "",
                "",
                target == null ? "" : target,
                yesNo(holds)));
    }

    /** A row of counts (lost writes, error answers). */
    void addCounts(String scenario, String metric, long ours, long pdns, String target, Boolean holds) {
        addText(scenario, metric, Long.toString(ours), Long.toString(pdns), target, holds);
    }

    static double throughputRatio(LoadClient.Result ours, LoadClient.Result pdns) {
        return pdns.throughput() > 0 ? ours.throughput() / pdns.throughput() : Double.NaN;
    }

    String markdown() {
        StringBuilder md = new StringBuilder("# Benchmark: the Hosting API and PowerDNS's HTTP API\n\n");
        header.forEach(line -> md.append(line).append(line.endsWith("```\n") ? "\n" : "  \n"));
        md.append("\n## Figures and targets\n\n");
        md.append("Throughput in successful requests per second; latencies in ms over successful requests. "
                + "ours/PowerDNS: throughput ours ÷ PowerDNS, latency PowerDNS ÷ ours (above 1: we are faster).\n\n");
        md.append(table(
                List.of("scenario", "metric", "ours", "PowerDNS", "MariaDB floor", "ours/PowerDNS", "target", "holds"),
                rows.stream()
                        .map(r -> List.of(
                                r.scenario(),
                                r.metric(),
                                r.ours(),
                                r.pdns(),
                                r.floor(),
                                r.ratio(),
                                r.target(),
                                r.holds()))
                        .toList()));
        md.append("\n## Runs\n\n");
        md.append(
                "Errors: non-2xx / of them 5xx / failed without an answer (timeouts, resets), of all calls including the warm-up.\n\n");
        md.append(table(
                List.of(
                        "scenario",
                        "side",
                        "plan",
                        "measured",
                        "seconds",
                        "req/s",
                        "p50 ms",
                        "p99 ms",
                        "errors",
                        "first problem"),
                runs.stream()
                        .map(run -> List.of(
                                run.scenario(),
                                run.side(),
                                run.result().plan().describe()
                                        + (run.result().cutShort() ? " (cut short by the time limit)" : ""),
                                Long.toString(run.result().measured()),
                                number(run.result().seconds()),
                                number(run.result().throughput()),
                                number(run.result().p50Ms()),
                                number(run.result().p99Ms()),
                                run.result().errors(),
                                run.result().firstProblem() == null
                                        ? ""
                                        : run.result().firstProblem()))
                        .toList()));
        if (!notes.isEmpty()) {
            md.append("\n## Notes\n\n");
            notes.forEach(n -> md.append("- ").append(n).append('\n'));
        }
        return md.toString();
    }

    String csv() {
        StringBuilder csv =
                new StringBuilder("scenario,metric,ours,powerdns,mariadb_floor,ours_vs_powerdns,target,holds\n");
        for (Row r : rows) {
            csv.append(String.join(
                            ",",
                            List.of(
                                            r.scenario(),
                                            r.metric(),
                                            r.ours(),
                                            r.pdns(),
                                            r.floor(),
                                            r.ratio().replace("×", ""),
                                            r.target(),
                                            r.holds())
                                    .stream()
                                    .map(Report::csvField)
                                    .toList()))
                    .append('\n');
        }
        return csv.toString();
    }

    void write(Path dir) throws IOException {
        Files.writeString(dir.resolve("results.md"), markdown());
        Files.writeString(dir.resolve("results.csv"), csv());
    }

    private static String table(List<String> columns, List<List<String>> cells) {
        StringBuilder t =
                new StringBuilder("| ").append(String.join(" | ", columns)).append(" |\n|");
        columns.forEach(c -> t.append("---|"));
        t.append('\n');
        for (List<String> row : cells) {
            t.append("| ")
                    .append(String.join(
                            " | ", row.stream().map(c -> c.replace("|", "\\|")).toList()))
                    .append(" |\n");
        }
        return t.toString();
    }

    static String number(Double value) {
        if (value == null || value.isNaN()) {
            return "";
        }
        double abs = Math.abs(value);
        return String.format(Locale.ROOT, abs >= 100 ? "%.0f" : abs >= 10 ? "%.1f" : abs >= 1 ? "%.2f" : "%.3f", value);
    }

    private static String ratio(double value) {
        return String.format(Locale.ROOT, "%.2f×", value);
    }

    private static String yesNo(Boolean holds) {
        return holds == null ? "" : holds ? "yes" : "no";
    }

    private static String csvField(String value) {
        return value.contains(",") || value.contains("\"") || value.contains("\n")
                ? "\"" + value.replace("\"", "\"\"") + "\""
                : value;
    }
}
