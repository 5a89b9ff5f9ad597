package net.hostingapi.zones.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import net.hostingapi.platform.control.SchemaMigration;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * {@code /health} (readiness): whether the nameserver answers, and how much waits in the outbox.
 * Liveness ({@code /health/live}) leaves it out: the API keeps taking changes while the
 * nameserver is down, and publishes them when it is back.
 */
@Readiness
@ApplicationScoped
public class NameserverHealth implements HealthCheck {

    @Inject
    NameserverPublisher nameserver;

    @Inject
    PublicationOutbox outbox;

    /** DOWN instead of throwing (a throwing check makes {@code /health} a 500): the outbox table may not exist yet, or the database be gone. */
    @Override
    public HealthCheckResponse call() {
        var response = HealthCheckResponse.named("nameserver")
                .withData("publisher", nameserver instanceof PowerDnsPublisher ? "powerdns" : "zone-files");
        if (!SchemaMigration.isDone()) {
            // the outbox table may not exist yet; querying it would fail and the EJB container log a stack trace
            return response.down().withData("schema", "migrating").build();
        }
        try {
            return response.status(nameserver.isReachable())
                    .withData("backlog", outbox.backlog())
                    .withData("oldest_waiting_seconds", outbox.oldestWaitingSeconds())
                    .build();
        } catch (RuntimeException e) {
            return response.down().withData("error", "the publication outbox cannot be read").build();
        }
    }
}
