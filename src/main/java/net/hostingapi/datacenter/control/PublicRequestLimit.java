package net.hostingapi.datacenter.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import net.hostingapi.platform.limits.control.RateLimits;
import net.hostingapi.platform.messages.control.ApiException;
import net.hostingapi.platform.messages.control.CommonMessages;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The rate limit of the public server-action endpoints: SERVER_ACTIONS_REQUESTS_PER_MINUTE
 * requests (file, menu and status together) per client address in any minute, then 429 with
 * {@code Retry-After}. Counted in the database ({@link RateLimits}), so every instance on it
 * shares the limit.
 */
@ApplicationScoped
public class PublicRequestLimit {

    @Inject
    @ConfigProperty(name = "SERVER_ACTIONS_REQUESTS_PER_MINUTE", defaultValue = "60")
    int perMinute;

    @Inject
    RateLimits limits;

    /** Counts a request from {@code address}, or refuses it with 429. */
    public void admit(String address) {
        long wait = limits.acquire(
                List.of(new RateLimits.Window("server-actions:" + address, perMinute, Duration.ofMinutes(1))));
        if (wait > 0) {
            throw ApiException.tooManyRequests(CommonMessages.TOO_MANY_REQUESTS, wait);
        }
    }
}
