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

/** {@code /health}: the service is ready only while MariaDB answers. */
@Readiness
@Liveness
@ApplicationScoped
public class DatabaseHealth implements HealthCheck {

    @Resource(lookup = "jdbc/hosting")
    DataSource dataSource;

    @Override
    public HealthCheckResponse call() {
        var response = HealthCheckResponse.named("database");
        try (Connection connection = dataSource.getConnection()) {
            return response.status(connection.isValid(2)).withData("product",
                    connection.getMetaData().getDatabaseProductVersion()).build();
        } catch (SQLException e) {
            return response.down().withData("error", e.getClass().getSimpleName()).build();
        }
    }
}
