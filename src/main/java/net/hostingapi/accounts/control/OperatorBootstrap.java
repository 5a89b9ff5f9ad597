package net.hostingapi.accounts.control;

import jakarta.annotation.PostConstruct;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * On the first start with an empty database, creates the operator account and its token: the
 * text of {@code BOOTSTRAP_TOKEN} if set, otherwise a generated one written to
 * {@code $DATA_DIR/bootstrap-token}, readable by its owner only. The log names the file, never the token.
 */
@Startup
@Singleton
@DependsOn("SchemaMigration")
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

    @PostConstruct
    @TransactionAttribute(TransactionAttributeType.REQUIRED)
    void createOperatorOnFirstStart() {
        long accounts = em.createQuery("SELECT COUNT(a) FROM Account a", Long.class).getSingleResult();
        if (accounts > 0) {
            return;
        }
        String token = configuredToken.filter(t -> !t.isBlank()).map(String::trim).orElseGet(TokenSecrets::newToken);
        CustomerOnboarding.onboard(em, "operator", "operator@localhost.localdomain", true, token);
        if (configuredToken.filter(t -> !t.isBlank()).isPresent()) {
            LOG.info("Operator account created with the token given in BOOTSTRAP_TOKEN");
        } else {
            Path file = writeOwnerOnly(Path.of(dataDir).toAbsolutePath().normalize().resolve("bootstrap-token"), token);
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
