package net.hostingapi.zones.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
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

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("nameserver")
                .status(nameserver.isReachable())
                .withData("publisher", nameserver instanceof PowerDnsPublisher ? "powerdns" : "zone-files")
                .withData("backlog", outbox.backlog())
                .withData("oldest_waiting_seconds", outbox.oldestWaitingSeconds())
                .build();
    }
}
