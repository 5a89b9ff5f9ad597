package net.hostingapi.datacenter.control;

import net.hostingapi.platform.control.SlidingWindow;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import net.hostingapi.platform.control.ApiException;
import net.hostingapi.platform.control.MessageCode;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The rate limit of the public server-action endpoints: SERVER_ACTIONS_REQUESTS_PER_MINUTE
 * requests (file, menu and status together) per client address in any minute, then 429 with
 * {@code Retry-After}. In memory: one instance serves the endpoints; a restart forgets.
 */
@ApplicationScoped
public class PublicRequestLimit {

    @Inject
    @ConfigProperty(name = "SERVER_ACTIONS_REQUESTS_PER_MINUTE", defaultValue = "60")
    int perMinute;

    private SlidingWindow window;

    @PostConstruct
    void create() {
        window = new SlidingWindow(Math.max(1, perMinute), 60_000);
    }

    /** Counts a request from {@code address}, or refuses it with 429. */
    public void admit(String address) {
        long wait = window.acquire(address, System.currentTimeMillis());
        if (wait > 0) {
            throw ApiException.tooManyRequests(MessageCode.TOO_MANY_REQUESTS, wait);
        }
    }
}
