package net.hostingapi.accounts.control;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Status;
import jakarta.transaction.UserTransaction;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import java.util.logging.Logger;
import javax.sql.DataSource;
import net.hostingapi.platform.database.control.StartupLock;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * On the first start with an empty database, creates the operator account and its token: the
 * text of {@code BOOTSTRAP_TOKEN} if set, otherwise a generated one written to
 * {@code $DATA_DIR/bootstrap-token}, readable by its owner only. The log names the file, never the token.
 */
@Startup
@Singleton
@DependsOn("SchemaMigration")
@TransactionManagement(TransactionManagementType.BEAN)
public class OperatorBootstrap {

    private static final Logger LOG = Logger.getLogger(OperatorBootstrap.class.getName());

    @PersistenceContext
    EntityManager em;

    @Inject
    @ConfigProperty(name = "BOOTSTRAP_TOKEN")
    Optional<String> configuredToken;

    @Inject
    @ConfigProperty(name = "DATA_DIR", defaultValue = "./data")
    String dataDir;

    @Resource(lookup = "jdbc/hosting")
    DataSource dataSource;

    @Resource
    UserTransaction transaction;

    /**
     * Instances started at once on an empty database: one creates the operator while the others
     * wait on the {@link StartupLock} (held on a connection of its own until the creation has
     * committed) and then find it. Without it, both could count no account, and the second start
     * would fail on the operator's unique name.
     */
    @PostConstruct
    void createOperatorOnFirstStart() {
        try (StartupLock lock = StartupLock.take(dataSource, "operator_bootstrap")) {
            transaction.begin();
            try {
                createOperatorIfNone();
                transaction.commit();
            } catch (Exception e) {
                if (transaction.getStatus() == Status.STATUS_ACTIVE
                        || transaction.getStatus() == Status.STATUS_MARKED_ROLLBACK) {
                    transaction.rollback();
                }
                throw e;
            }
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("Creating the operator account failed", e);
        }
    }

    private void createOperatorIfNone() {
        long accounts =
                em.createQuery("SELECT COUNT(a) FROM Account a", Long.class).getSingleResult();
        if (accounts > 0) {
            return;
        }
        String token =
                configuredToken.filter(t -> !t.isBlank()).map(String::trim).orElseGet(TokenSecrets::newToken);
        CustomerOnboarding.onboard(em, "operator", "operator@localhost.localdomain", true, token);
        if (configuredToken.filter(t -> !t.isBlank()).isPresent()) {
            LOG.info("Operator account created with the token given in BOOTSTRAP_TOKEN");
        } else {
            Path file =
                    writeOwnerOnly(Path.of(dataDir).toAbsolutePath().normalize().resolve("bootstrap-token"), token);
            LOG.info("Operator account created; its API token is in " + file);
        }
    }

    private static Path writeOwnerOnly(Path file, String token) {
        try {
            Files.createDirectories(file.getParent());
            Files.deleteIfExists(file);
            Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            Files.writeString(file, token + "\n", StandardOpenOption.TRUNCATE_EXISTING);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write the bootstrap token to " + file, e);
        }
    }
}
