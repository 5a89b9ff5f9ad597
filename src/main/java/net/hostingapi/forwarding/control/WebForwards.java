package net.hostingapi.forwarding.control;

import jakarta.annotation.PostConstruct;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.net.URI;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import net.hostingapi.zones.control.names.ZoneNames;
import net.hostingapi.zones.entity.RecordType;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Which host names forward where (HTTP_REDIRECT and HTTP_FRAME records), cached so that a
 * forwarded request does not load the zone and its records each time. An entry holds while the
 * host's fingerprint (the versions of the zones it depends on, {@link ForwardFinder#fingerprint})
 * is unchanged: a change made through any instance on the database is answered by every instance
 * at once, at the price of one indexed query per request. Hosts are what clients send, so the
 * cache is bounded and misses are cached too.
 */
@ApplicationScoped
public class WebForwards {

    /** Where a host forwards to, and whether by redirect or in a frame. */
    public record Forward(RecordType type, String url) {}

    private record Entry(String fingerprint, Optional<Forward> forward) {}

    private static final int MAX_ENTRIES = 10_000;

    /** A host's trailing dot, compiled once: String.replaceAll compiled it again for every request. */
    private static final Pattern TRAILING_DOT = Pattern.compile("\\.$");

    @EJB
    ForwardFinder finder;

    private final Map<String, Entry> cache = new ConcurrentHashMap<>();

    /** The service's own host (from PUBLIC_BASE_URL): its API is never forwarded. */
    @Inject
    @ConfigProperty(name = "PUBLIC_BASE_URL")
    Optional<String> publicBaseUrl;

    private String ownHost;

    @PostConstruct
    void readOwnHost() {
        try {
            ownHost = publicBaseUrl
                    .map(url -> URI.create(url.strip()).getHost())
                    .map(h -> h.toLowerCase(Locale.ROOT))
                    .orElse(null);
        } catch (IllegalArgumentException e) {
            ownHost = null;
        }
    }

    public Optional<Forward> lookup(String host) {
        String name = TRAILING_DOT.matcher(host.toLowerCase(Locale.ROOT)).replaceAll("");
        // Every API request comes through here: the API's own host, an address or a one-label
        // name can forward nowhere, and asking the database (two queries) cost each of them.
        if (name.equals(ownHost)
                || name.indexOf('.') < 0
                || Character.isDigit(
                        name.charAt(name.length() - 1)) // an IPv4 address: no top-level label ends in a digit
                || !ZoneNames.isValidDomainName(name)) {
            return Optional.empty();
        }
        String fingerprint = finder.fingerprint(name);
        if (fingerprint.isEmpty() || fingerprint.equals(ForwardFinder.NO_ZONE)) {
            return Optional.empty(); // no zone could forward it: nothing to read or cache
        }
        Entry entry = cache.get(name);
        if (entry == null || !entry.fingerprint().equals(fingerprint)) {
            if (cache.size() >= MAX_ENTRIES) {
                cache.clear();
            }
            // Read after the fingerprint: if a change commits in between, the next request's
            // fingerprint differs from the one stored here and reads again.
            entry = new Entry(fingerprint, finder.find(name));
            cache.put(name, entry);
        }
        return entry.forward();
    }
}
