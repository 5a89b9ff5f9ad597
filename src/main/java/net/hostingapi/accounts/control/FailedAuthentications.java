package net.hostingapi.accounts.control;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import net.hostingapi.platform.control.SlidingWindow;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Counts failed authentications per source address in a sliding minute; past the limit the
 * address is refused with 429 until its oldest failure leaves the window (contract section 8).
 * Kept in memory: a restart forgets, which only helps a legitimate client.
 */
@ApplicationScoped
public class FailedAuthentications {

    @Inject
    @ConfigProperty(name = "AUTH_FAILURES_PER_MINUTE", defaultValue = "20")
    int limit;

    private SlidingWindow window;

    @PostConstruct
    void create() {
        window = new SlidingWindow(Math.max(1, limit), 60_000);
    }

    public void record(String address) {
        window.record(address, System.currentTimeMillis());
    }

    /** Seconds until the address may try again; 0 when it is not blocked. */
    public long blockedForSeconds(String address) {
        return window.waitSeconds(address, System.currentTimeMillis());
    }
}
