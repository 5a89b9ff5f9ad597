package net.hostingapi.platform.database.control;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.Lock;
import jakarta.ejb.LockType;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import java.sql.SQLException;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.output.MigrateResult;

/**
 * Brings the schema up to date before anything else runs: the versioned migrations in
 * {@code db/migration} are the only source of the schema. Bean-managed, because Flyway manages
 * its own transactions.
 */
@Startup
@Singleton
@TransactionManagement(TransactionManagementType.BEAN)
public class SchemaMigration {

    private static final Logger LOG = Logger.getLogger(SchemaMigration.class.getName());

    /** Until the migrations have run, health is DOWN: the tables the checks read may not exist yet. */
    private static volatile boolean done;

    @Resource(lookup = "jdbc/hosting")
    DataSource dataSource;

    public static boolean isDone() {
        return done;
    }

    /**
     * Under the {@link StartupLock}: instances started at once through two nodes of a Galera
     * cluster would otherwise both run a migration (Flyway's own lock holds on one node only), and
     * the second would fail on the tables the first created. The lock's table makes a new
     * database non-empty, so Flyway is told to start such a one from version 0.
     */
    @PostConstruct
    void migrate() {
        MigrateResult result;
        try (StartupLock lock = StartupLock.take(dataSource, "schema_migration")) {
            result = Flyway.configure(getClass().getClassLoader())
                    .dataSource(dataSource)
                    .locations("classpath:db/migration")
                    .baselineOnMigrate(true)
                    .baselineVersion("0")
                    .baselineDescription("empty database")
                    .load()
                    .migrate();
        } catch (SQLException e) {
            throw new IllegalStateException("The schema migration's lock failed: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted waiting for another instance's schema migration", e);
        }
        done = true;
        // Flyway names a target version only when it migrated something; else the schema stays where it was
        String version = result.targetSchemaVersion != null ? result.targetSchemaVersion : result.initialSchemaVersion;
        LOG.info(() -> "Database schema at version " + version + " (" + result.migrationsExecuted
                + " migrations applied now)");
    }

    /**
     * Returns once the schema is migrated. Timers call it first: the container may start them
     * while this singleton still migrates an empty database, and a call to a singleton waits for
     * its initialisation (without it, their queries failed on tables not yet created).
     */
    @Lock(LockType.READ)
    public void awaitMigrated() {
        // nothing to do: reaching this method is the wait
    }
}
