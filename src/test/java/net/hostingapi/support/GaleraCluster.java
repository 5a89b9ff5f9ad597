package net.hostingapi.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * A MariaDB Galera cluster on loopback for the tests and the benchmark: Debian's {@code mariadbd}
 * with {@code galera-4}, each node on a data directory, ports and configuration file of its own
 * under {@code dir}, started, killed, frozen and restarted by the caller. Nodes are numbered from
 * 1; each takes root without a password over TCP from 127.0.0.1, as the service's DB_URL with
 * {@code ?user=root} needs.
 */
public final class GaleraCluster implements AutoCloseable {

    private static final String MARIADBD = "/usr/sbin/mariadbd";
    private static final String PROVIDER = "/usr/lib/galera/libgalera_smm.so";
    private static final Duration SYNCED_WITHIN = Duration.ofMinutes(3);
    private static final Pattern RECOVERED = Pattern.compile("WSREP: Recovered position: ([0-9a-f-]+:-?\\d+)");

    private final Path dir;
    private final List<Node> nodes = new ArrayList<>();
    private final Thread killOnExit = new Thread(this::killAll, "galera-cluster-kill-on-exit");

    private GaleraCluster(Path dir) {
        this.dir = dir;
    }

    /**
     * A cluster of {@code nodes} nodes under {@code dir} (emptied first): data directories
     * installed, node 1 started as a new cluster, the others joined one after another (SST by
     * rsync), each waited for until Synced.
     */
    public static GaleraCluster start(Path dir, int nodes) {
        for (String program : List.of(MARIADBD, PROVIDER, "/usr/bin/mariadb-install-db", "/usr/bin/rsync")) {
            if (!Files.exists(Path.of(program))) {
                throw new AssertionError(program + " is missing: apt-get install mariadb-server galera-4 rsync");
            }
        }
        GaleraCluster cluster = new GaleraCluster(dir.toAbsolutePath());
        Runtime.getRuntime().addShutdownHook(cluster.killOnExit);
        try {
            cluster.install(nodes);
            for (Node node : cluster.nodes) {
                node.start(node.number == 1 ? List.of("--wsrep-new-cluster") : List.of());
                cluster.awaitSynced(node);
            }
            return cluster;
        } catch (RuntimeException | Error e) {
            cluster.close();
            throw e;
        }
    }

    public int size() {
        return nodes.size();
    }

    /** The node's MariaDB port (nodes numbered 1..n). */
    public int port(int node) {
        return node(node).port;
    }

    /** All nodes, 1 first: {@code jdbc:mariadb:sequential://127.0.0.1:p1,127.0.0.1:p2,.../database}. */
    public String url(String database) {
        return url(database, IntStream.rangeClosed(1, size()).toArray());
    }

    /** The nodes in the order given, the first one preferred (as one instance of the service would list them). */
    public String url(String database, int... nodeOrder) {
        return "jdbc:mariadb:sequential://"
                + IntStream.of(nodeOrder).mapToObj(n -> "127.0.0.1:" + port(n)).collect(Collectors.joining(","))
                + "/" + database;
    }

    /** One node alone: {@code jdbc:mariadb://127.0.0.1:p/database}. */
    public String nodeUrl(int node, String database) {
        return "jdbc:mariadb://127.0.0.1:" + port(node) + "/" + database;
    }

    /** A new empty database (dropped first), utf8mb4 as the service expects; created through the first running node. */
    public void createDatabase(String name) {
        if (!name.matches("[A-Za-z0-9_]+")) {
            throw new IllegalArgumentException(name);
        }
        Node through = nodes.stream()
                .filter(n -> n.process != null && n.process.isAlive() && !n.frozen)
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("no node runs"));
        try (Connection connection = connect(through.number, "");
                Statement statement = connection.createStatement()) {
            statement.execute("DROP DATABASE IF EXISTS `" + name + "`");
            statement.execute("CREATE DATABASE `" + name + "` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci");
        } catch (SQLException e) {
            throw new IllegalStateException("database " + name + " not created on node " + through.number, e);
        }
        // the other nodes apply the statement a moment later: a connection to one of them right away
        // was once refused with "Unknown database" (the benchmark's PowerDNS database on node 3)
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        for (Node node : nodes) {
            if (node.process == null || !node.process.isAlive() || node.frozen) {
                continue;
            }
            while (true) {
                try (Connection connection = connect(node.number, "");
                        Statement statement = connection.createStatement();
                        ResultSet found = statement.executeQuery("SHOW DATABASES LIKE '" + name + "'")) {
                    if (found.next()) {
                        break;
                    }
                } catch (SQLException notYet) {
                    // asked again below
                }
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("database " + name + " not on node " + node.number + " after 30 s");
                }
                try {
                    Thread.sleep(50);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException(e);
                }
            }
        }
    }

    /** SIGKILL, as a crash would end it; waits until it is gone. */
    public void kill(int node) {
        Node n = node(node);
        n.process.destroyForcibly();
        waitFor(n.process);
        n.frozen = false;
    }

    /**
     * Starts nodes again on their data directories, each at the position InnoDB recovered (what
     * Debian's galera_recovery does before a start), all at once, and waits until they are Synced:
     * after a loss of quorum the primary component forms again only when the nodes of the last one
     * meet (pc.recovery). Prints for each whether it joined by IST (from another node's gcache) or
     * by a full SST, as its error log says.
     */
    public void restart(int... numbers) {
        long started = System.nanoTime();
        List<Node> starting = IntStream.of(numbers).mapToObj(this::node).toList();
        List<Long> logFrom = new ArrayList<>();
        List<String> positions = new ArrayList<>();
        for (Node n : starting) {
            if (n.process != null && n.process.isAlive()) {
                throw new IllegalStateException("node " + n.number + " still runs");
            }
            positions.add(n.recoverPosition());
            logFrom.add(n.logSize());
        }
        for (int i = 0; i < starting.size(); i++) {
            String position = positions.get(i);
            starting.get(i).start(position == null ? List.of() : List.of("--wsrep-start-position=" + position));
        }
        for (int i = 0; i < starting.size(); i++) {
            Node n = starting.get(i);
            awaitSynced(n);
            String log = n.logSince(logFrom.get(i));
            String how = log.contains("SST completed on joiner")
                    ? "a full SST"
                    : log.contains("Receiving IST") ? "IST" : "no state transfer (primary component restored)";
            System.out.printf(
                    "[galera] node %d rejoined by %s, Synced %.1f s after its restart began (from position %s)%n",
                    n.number, how, (System.nanoTime() - started) / 1e9, positions.get(i));
        }
    }

    /** SIGSTOP: the node neither answers nor replicates, as a machine that hangs. */
    public void freeze(int node) {
        Node n = node(node);
        signal(n, "-STOP");
        n.frozen = true;
    }

    /** SIGCONT after {@link #freeze}. */
    public void thaw(int node) {
        Node n = node(node);
        signal(n, "-CONT");
        n.frozen = false;
    }

    /** The node's wsrep_local_state_comment (Synced, Donor/Desynced, Joining, Initialized ...), or "down". */
    public String state(int node) {
        Node n = node(node);
        if (n.process == null || !n.process.isAlive() || n.frozen) {
            return "down";
        }
        try (Connection connection = connect(node, "?connectTimeout=2000&socketTimeout=2000");
                Statement statement = connection.createStatement();
                ResultSet row = statement.executeQuery("SHOW STATUS LIKE 'wsrep_local_state_comment'")) {
            return row.next() ? row.getString(2) : "down";
        } catch (SQLException e) {
            return "down";
        }
    }

    /** The node's error log, where mariadbd and Galera write. */
    public Path log(int node) {
        return node(node).log;
    }

    /** Stops all nodes: a frozen one thawed first, each SIGTERM, then SIGKILL after 15 s. */
    @Override
    public void close() {
        for (int i = nodes.size() - 1; i >= 0; i--) {
            Node n = nodes.get(i);
            if (n.process != null && n.process.isAlive()) {
                if (n.frozen) {
                    thaw(n.number);
                }
                ChildProcesses.stop(n.process);
            }
        }
        try {
            Runtime.getRuntime().removeShutdownHook(killOnExit);
        } catch (IllegalStateException shuttingDown) {
            // the hook runs already
        }
    }

    /** The JVM ending without close() (a failsafe fork killed): no node may outlive it. */
    private void killAll() {
        nodes.stream().filter(n -> n.process != null).forEach(n -> n.process.destroyForcibly());
    }

    // ---- installation and waiting

    /**
     * A free port below the kernel's range for outgoing connections (32768 and up): a node keeps its
     * ports for the cluster's life and binds them again at every restart, and a port from that range
     * (what a ServerSocket on port 0 gets) was once taken meanwhile by an outgoing connection, and
     * the node aborted ("Address already in use").
     */
    private static int freeFixedPort(java.util.Set<Integer> taken) {
        java.util.concurrent.ThreadLocalRandom random = java.util.concurrent.ThreadLocalRandom.current();
        for (int attempt = 0; attempt < 1000; attempt++) {
            int port = random.nextInt(20_000, 32_000);
            if (taken.contains(port)) {
                continue;
            }
            try (java.net.ServerSocket socket =
                    new java.net.ServerSocket(port, 1, java.net.InetAddress.getLoopbackAddress())) {
                taken.add(port);
                return port;
            } catch (IOException inUse) {
                // another one
            }
        }
        throw new IllegalStateException("no free port between 20000 and 32000 on 127.0.0.1");
    }

    private void install(int count) {
        try {
            killLeftovers();
            deleteTree(dir);
            Files.createDirectories(dir);
            List<int[]> ports = new ArrayList<>();
            java.util.Set<Integer> taken = new java.util.HashSet<>();
            for (int i = 0; i < count; i++) {
                ports.add(new int[] {
                    freeFixedPort(taken), freeFixedPort(taken), freeFixedPort(taken), freeFixedPort(taken)
                });
            }
            String clusterAddress =
                    "gcomm://" + ports.stream().map(p -> "127.0.0.1:" + p[1]).collect(Collectors.joining(","));
            for (int i = 0; i < count; i++) {
                int[] p = ports.get(i);
                Node node = new Node(i + 1, dir.resolve("node" + (i + 1)), p[0], p[1], p[2], p[3]);
                node.install(clusterAddress);
                nodes.add(node);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Nodes a previous run under the same directory left running (its JVM killed): ended by their pid files. */
    private void killLeftovers() throws IOException {
        if (!Files.isDirectory(dir)) {
            return;
        }
        try (var files = Files.walk(dir, 2)) {
            for (Path pidFile : files.filter(f -> f.getFileName().toString().equals("mariadbd.pid"))
                    .toList()) {
                try {
                    long pid = Long.parseLong(Files.readString(pidFile).strip());
                    ProcessHandle.of(pid)
                            .filter(p -> p.info().commandLine().orElse("").contains(dir.toString()))
                            .ifPresent(p -> {
                                p.destroyForcibly();
                                p.onExit().join();
                            });
                } catch (NumberFormatException | IOException ignored) {
                    // no pid in it: nothing to end
                }
            }
        }
    }

    private static void deleteTree(Path tree) throws IOException {
        if (Files.exists(tree)) {
            try (var paths = Files.walk(tree)) {
                for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
    }

    private void awaitSynced(Node node) {
        long deadline = System.nanoTime() + SYNCED_WITHIN.toNanos();
        String state = "down";
        while (System.nanoTime() < deadline) {
            if (!node.process.isAlive()) {
                throw new AssertionError("galera node " + node.number + " exited with " + node.process.exitValue()
                        + "; its log:\n" + tail(node.log));
            }
            state = state(node.number);
            if (state.equals("Synced")) {
                return;
            }
            sleep(200);
        }
        throw new AssertionError("galera node " + node.number + " not Synced within " + SYNCED_WITHIN + " (" + state
                + "); its log:\n" + tail(node.log));
    }

    private Node node(int number) {
        if (number < 1 || number > nodes.size()) {
            throw new IllegalArgumentException("no node " + number + " of " + nodes.size());
        }
        return nodes.get(number - 1);
    }

    private Connection connect(int node, String options) throws SQLException {
        return DriverManager.getConnection(nodeUrl(node, "") + options, "root", "");
    }

    private static void signal(Node node, String signal) {
        run(node.home, "kill", signal, Long.toString(node.process.pid()));
    }

    private static void waitFor(Process process) {
        try {
            process.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static String run(Path where, String... command) {
        try {
            Process p = new ProcessBuilder(command)
                    .directory(where.toFile())
                    .redirectErrorStream(true)
                    .start();
            String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(2, TimeUnit.MINUTES) || p.exitValue() != 0) {
                throw new AssertionError(String.join(" ", command) + " failed: " + output);
            }
            return output;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 60), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** One mariadbd: its directory (my.cnf, data, tmp, log, socket), ports, and process. */
    private static final class Node {
        final int number;
        final Path home;
        final Path data;
        final Path cnf;
        final Path log;
        final int port;
        final int gcommPort;
        final int istPort;
        final int sstPort;
        Process process;
        volatile boolean frozen;

        Node(int number, Path home, int port, int gcommPort, int istPort, int sstPort) {
            this.number = number;
            this.home = home;
            this.data = home.resolve("data");
            this.cnf = home.resolve("my.cnf");
            this.log = home.resolve("mariadbd.err");
            this.port = port;
            this.gcommPort = gcommPort;
            this.istPort = istPort;
            this.sstPort = sstPort;
        }

        void install(String clusterAddress) throws IOException {
            Files.createDirectories(home.resolve("tmp"));
            Files.writeString(cnf, String.join("\n", configuration(clusterAddress)) + "\n");
            // mariadbd runs as mysql (as root, rsync's SST failed: "mkdir ... Permission denied")
            run(home, "chown", "-R", "mysql:mysql", home.toString());
            run(
                    home,
                    "mariadb-install-db",
                    "--defaults-file=" + cnf,
                    "--user=mysql",
                    "--auth-root-authentication-method=normal",
                    "--skip-test-db");
        }

        private List<String> configuration(String clusterAddress) {
            return List.of(
                    "[mysqld]",
                    "user=mysql",
                    "datadir=" + data,
                    "tmpdir=" + home.resolve("tmp"),
                    "socket=" + home.resolve("mariadbd.sock"),
                    "pid-file=" + home.resolve("mariadbd.pid"),
                    "log-error=" + log,
                    "port=" + port,
                    "bind-address=127.0.0.1",
                    "skip-name-resolve",
                    "character-set-server=utf8mb4",
                    "collation-server=utf8mb4_unicode_ci",
                    // Galera replicates rows, and only InnoDB's
                    "binlog_format=ROW",
                    "default_storage_engine=InnoDB",
                    "innodb_autoinc_lock_mode=2",
                    // small: three nodes, the service and PowerDNS share a machine of 2 cores
                    "innodb_buffer_pool_size=128M",
                    "performance_schema=OFF",
                    // a node killed as a process loses nothing the OS holds, and the other nodes hold
                    // every commit too; the fsync per commit is what a DBA leaves out on Galera
                    "innodb_flush_log_at_trx_commit=2",
                    "wsrep_on=ON",
                    "wsrep_provider=" + PROVIDER,
                    "wsrep_cluster_name=hostingapi-test",
                    "wsrep_cluster_address=" + clusterAddress,
                    "wsrep_node_name=node" + number,
                    "wsrep_node_address=127.0.0.1:" + gcommPort,
                    "wsrep_sst_receive_address=127.0.0.1:" + sstPort,
                    "wsrep_sst_method=rsync",
                    // gcache large enough that a node killed for a cycle's writes rejoins by IST, not a
                    // full SST. Suspicion after 5 s of silence (Galera's default; long enough for a
                    // loaded 2-core machine's pauses, which must not evict anyone), eviction after 10 s
                    // (below the 15 s default: a frozen node stalls the cluster's commits until it is
                    // evicted, and 10 s stays inside what the service and its clients wait).
                    "wsrep_provider_options=\"gmcast.listen_addr=tcp://127.0.0.1:" + gcommPort
                            + ";ist.recv_addr=127.0.0.1:" + istPort
                            + ";gcache.size=256M"
                            + ";evs.suspect_timeout=PT5S;evs.inactive_timeout=PT10S\"");
        }

        void start(List<String> options) {
            List<String> command = new ArrayList<>(List.of(MARIADBD, "--defaults-file=" + cnf));
            command.addAll(options);
            try {
                process = new ProcessBuilder(command)
                        .redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.appendTo(
                                home.resolve("mariadbd.out").toFile()))
                        .start();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            frozen = false;
        }

        /** What Debian's galera_recovery does: mariadbd --wsrep-recover, the position it logs (null if none). */
        String recoverPosition() {
            Path recoverLog = home.resolve("recover.err");
            try {
                Files.deleteIfExists(recoverLog);
                run(home, MARIADBD, "--defaults-file=" + cnf, "--wsrep-recover", "--log-error=" + recoverLog);
                Matcher position = RECOVERED.matcher(Files.readString(recoverLog));
                String found = null;
                while (position.find()) {
                    found = position.group(1);
                }
                return found;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        long logSize() {
            try {
                return Files.exists(log) ? Files.size(log) : 0;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        String logSince(long offset) {
            try {
                byte[] all = Files.readAllBytes(log);
                int from = (int) Math.min(offset, all.length);
                return new String(all, from, all.length - from, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
