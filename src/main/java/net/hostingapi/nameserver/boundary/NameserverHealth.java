package net.hostingapi.nameserver.boundary;

import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import net.hostingapi.nameserver.control.NameserverPublisher;
import net.hostingapi.nameserver.control.PublicationOutbox;
import net.hostingapi.platform.database.boundary.DatabaseHealth;
import net.hostingapi.platform.database.control.SchemaMigration;
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

    @Resource
    ManagedExecutorService executor;

    private final DatabaseHealth.Bounded<long[]> backlog = new DatabaseHealth.Bounded<>();

    /** DOWN instead of throwing (a throwing check makes {@code /health} a 500): the outbox table may not exist yet, or the database be gone. */
    @Override
    public HealthCheckResponse call() {
        var response = HealthCheckResponse.named("nameserver").withData("publisher", nameserver.kind());
        if (!SchemaMigration.isDone()) {
            // the outbox table may not exist yet; querying it would fail and the EJB container log a stack trace
            return response.down().withData("schema", "migrating").build();
        }
        boolean reachable = nameserver.isReachable();
        try {
            // bounded like the database check, and shorter: the checks run one after the other,
            // and a frozen database must not hold /health much beyond a second
            long[] waiting = backlog.get(
                    executor,
                    () -> new long[] {outbox.backlog(), outbox.oldestWaitingSeconds()},
                    DatabaseHealth.ANSWER_WITHIN_MILLIS / 2);
            return response.status(reachable)
                    .withData("backlog", waiting[0])
                    .withData("oldest_waiting_seconds", waiting[1])
                    .build();
        } catch (Exception e) {
            return response.down()
                    .withData("error", "the publication outbox cannot be read")
                    .build();
        }
    }
}
