package net.hostingapi.accounts.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import net.hostingapi.platform.limits.control.RateLimits;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Failed authentications in a sliding minute, per client address (AUTH_FAILURES_PER_MINUTE)
 * and across all addresses (AUTH_FAILURES_PER_MINUTE_GLOBAL, against guesses spread over many
 * addresses). Past either limit a further failure is answered 429 instead of 401; a valid token
 * is never refused here, so a flood from one address, or from the proxy every customer shares,
 * locks nobody out. Refused failures do not count, so {@code Retry-After} is when one may be
 * evaluated again. Counted in the database ({@link RateLimits}): every instance on it shares
 * the limit, and a restart forgets nothing.
 */
@ApplicationScoped
public class FailedAuthentications {

    @Inject
    @ConfigProperty(name = "AUTH_FAILURES_PER_MINUTE", defaultValue = "20")
    int perAddress;

    @Inject
    @ConfigProperty(name = "AUTH_FAILURES_PER_MINUTE_GLOBAL", defaultValue = "600")
    int global;

    @Inject
    RateLimits limits;

    /**
     * Counts a failure from {@code address}, or refuses it.
     *
     * @return 0 when the failure was counted (answer 401), else the seconds until a failure from
     *         that address would be counted again (answer 429)
     */
    public long fail(String address) {
        return limits.acquire(List.of(
                new RateLimits.Window("auth-failures:" + address, perAddress, Duration.ofMinutes(1)),
                new RateLimits.Window("auth-failures", global, Duration.ofMinutes(1))));
    }
}
