package net.hostingapi.accounts.control;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import net.hostingapi.platform.control.SlidingWindow;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Failed authentications in a sliding minute, per client address (AUTH_FAILURES_PER_MINUTE)
 * and across all addresses (AUTH_FAILURES_PER_MINUTE_GLOBAL, against guesses spread over many
 * addresses). Past either limit a further failure is answered 429 instead of 401; a valid token
 * is never refused here, so a flood from one address, or from the proxy every customer shares,
 * locks nobody out. Refused failures do not count, so {@code Retry-After} is when one may be
 * evaluated again. Kept in memory: a restart forgets, which only helps a legitimate client.
 */
@ApplicationScoped
public class FailedAuthentications {

    private static final String ALL = "";

    @Inject
    @ConfigProperty(name = "AUTH_FAILURES_PER_MINUTE", defaultValue = "20")
    int perAddress;

    @Inject
    @ConfigProperty(name = "AUTH_FAILURES_PER_MINUTE_GLOBAL", defaultValue = "600")
    int global;

    private SlidingWindow byAddress;
    private SlidingWindow overall;

    @PostConstruct
    void create() {
        byAddress = new SlidingWindow(Math.max(1, perAddress), 60_000);
        overall = new SlidingWindow(Math.max(1, global), 60_000);
    }

    /**
     * Counts a failure from {@code address}, or refuses it.
     *
     * @return 0 when the failure was counted (answer 401), else the seconds until a failure from
     *         that address would be counted again (answer 429)
     */
    public synchronized long fail(String address) {
        // One lock for both windows: only failures come here, and a check and count must not interleave.
        long now = System.currentTimeMillis();
        long wait = Math.max(byAddress.waitSeconds(address, now), overall.waitSeconds(ALL, now));
        if (wait == 0) {
            byAddress.record(address, now);
            overall.record(ALL, now);
        }
        return wait;
    }
}
