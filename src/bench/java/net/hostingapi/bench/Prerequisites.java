package net.hostingapi.bench;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * What the harness needs from the machine, checked before anything starts, so that a missing piece
 * is named with the package to install instead of failing halfway through a run.
 */
final class Prerequisites {

    static final String MYSQL_SCHEMA = "/usr/share/doc/pdns-backend-mysql/schema.mysql.sql";
    /** PowerDnsServer (shared with the tests) prepares a sqlite3 database before the harness switches it to gmysql. */
    private static final String SQLITE_SCHEMA = "/usr/share/doc/pdns-backend-sqlite3/schema.sqlite3.sql";

    private Prerequisites() {}

    /** The problems found, each naming what to install; empty when the run can start. */
    static List<String> problems() {
        List<String> problems = new ArrayList<>();
        Set<String> packages = new LinkedHashSet<>();
        if (onPath("pdns_server") == null) {
            if (Files.isExecutable(Path.of("/usr/sbin/pdns_server"))) {
                problems.add("/usr/sbin/pdns_server exists but /usr/sbin is not on PATH: add it to PATH");
            } else {
                problems.add("pdns_server not found on PATH");
                packages.add("pdns-server");
            }
        }
        if (!gmysqlBackendInstalled()) {
            problems.add("PowerDNS's gmysql backend (libgmysqlbackend.so) is not installed");
            packages.add("pdns-backend-mysql");
        }
        if (!Files.isReadable(Path.of(MYSQL_SCHEMA))) {
            problems.add(MYSQL_SCHEMA + " is missing");
            packages.add("pdns-backend-mysql");
        }
        if (onPath("sqlite3") == null) {
            problems.add("sqlite3 not found on PATH");
            packages.add("sqlite3");
        }
        if (!Files.isReadable(Path.of(SQLITE_SCHEMA))) {
            problems.add(SQLITE_SCHEMA + " is missing");
            packages.add("pdns-backend-sqlite3");
        }
        for (String tool : List.of("jstat", "jcmd")) {
            if (!Files.isExecutable(jdkTool(tool))) {
                problems.add(jdkTool(tool) + " is missing (a JRE without the JDK tools)");
                packages.add("openjdk-17-jdk-headless");
            }
        }
        if (galeraScenarioSelected()) {
            // the Galera scenario's cluster (GaleraCluster): Debian's mariadbd with galera-4, SST by rsync
            for (String[] need : List.of(
                    new String[] {"/usr/sbin/mariadbd", "mariadb-server"},
                    new String[] {"/usr/bin/mariadb-install-db", "mariadb-server"},
                    new String[] {"/usr/lib/galera/libgalera_smm.so", "galera-4"},
                    new String[] {"/usr/bin/rsync", "rsync"})) {
                if (!Files.exists(Path.of(need[0]))) {
                    problems.add(need[0] + " is missing (the Galera scenario; BENCH_ONLY without it skips it)");
                    packages.add(need[1]);
                }
            }
        }
        for (String property : List.of("payara.micro.jar", "war.file")) {
            String file = System.getProperty(property);
            if (file == null || !Files.isRegularFile(Path.of(file))) {
                problems.add(property + " (" + file + ") does not exist: start the harness with mvn -Pbench package");
            }
        }
        if (!packages.isEmpty()) {
            problems.add("Install: apt-get install " + String.join(" ", packages));
        }
        return problems;
    }

    /** Whether this run includes "add on Galera": every run does unless BENCH_ONLY leaves it out. */
    private static boolean galeraScenarioSelected() {
        String only = System.getenv("BENCH_ONLY");
        return only == null
                || only.isBlank()
                || List.of(only.split("\\s*,\\s*")).contains("add on Galera");
    }

    static Path jdkTool(String name) {
        return Path.of(System.getProperty("java.home"), "bin", name);
    }

    private static boolean gmysqlBackendInstalled() {
        for (String dir : List.of("/usr/lib", "/usr/lib64", "/usr/local/lib")) {
            Path base = Path.of(dir);
            if (!Files.isDirectory(base)) {
                continue;
            }
            try (Stream<Path> found =
                    Files.find(base, 3, (p, a) -> p.getFileName().toString().equals("libgmysqlbackend.so"))) {
                if (found.findAny().isPresent()) {
                    return true;
                }
            } catch (java.io.IOException | java.io.UncheckedIOException e) {
                // unreadable directories: keep looking elsewhere
            }
        }
        return false;
    }

    static Path onPath(String program) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, program))) {
                return Path.of(dir, program);
            }
        }
        return null;
    }
}
