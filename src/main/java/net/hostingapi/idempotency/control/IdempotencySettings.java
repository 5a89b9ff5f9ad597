package net.hostingapi.idempotency.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** How long a key and its answer are kept: {@code IDEMPOTENCY_KEY_HOURS}, 24 unless set, at least 1. */
@ApplicationScoped
public class IdempotencySettings {

    @Inject
    @ConfigProperty(name = "IDEMPOTENCY_KEY_HOURS", defaultValue = "24")
    int hours;

    public Duration keptFor() {
        return Duration.ofHours(Math.max(1, hours));
    }
}
