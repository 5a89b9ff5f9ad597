package net.hostingapi.platform.control;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Liveness;
import org.eclipse.microprofile.health.Readiness;

/**
 * {@code /health}: the service is ready only while MariaDB answers and the schema is migrated.
 * A check answers DOWN rather than throwing: a throwing check makes {@code /health} a 500.
 */
@Readiness
@Liveness
@ApplicationScoped
public class DatabaseHealth implements HealthCheck {

    @Resource(lookup = "jdbc/hosting")
    DataSource dataSource;

    @Override
    public HealthCheckResponse call() {
        var response = HealthCheckResponse.named("database");
        if (!SchemaMigration.isDone()) {
            return response.down().withData("schema", "migrating").build();
        }
        try (Connection connection = dataSource.getConnection()) {
            return response.status(connection.isValid(2)).withData("product",
                    connection.getMetaData().getDatabaseProductVersion()).build();
        } catch (SQLException | RuntimeException e) {
            return response.down().withData("error", "the database cannot be reached").build();
        }
    }
}
