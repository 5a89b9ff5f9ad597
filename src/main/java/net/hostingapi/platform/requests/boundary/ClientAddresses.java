package net.hostingapi.platform.requests.boundary;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.logging.Logger;
import net.hostingapi.platform.addresses.entity.AddressRange;
import net.hostingapi.platform.requests.control.ForwardedFor;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The source address of a request: the connection's peer, or what a trusted proxy
 * (TRUSTED_PROXIES: addresses or CIDR blocks, comma-separated; default none) forwarded in
 * {@code X-Forwarded-For}. Machines are matched and rate-limited by it, and failed
 * authentications are counted by it (behind a proxy the peer is the same for every customer).
 */
@ApplicationScoped
public class ClientAddresses {

    private static final Logger LOG = Logger.getLogger(ClientAddresses.class.getName());
    private static final String ATTRIBUTE = ClientAddresses.class.getName();

    @Inject
    @ConfigProperty(name = "TRUSTED_PROXIES")
    Optional<String> trustedProxies;

    private List<AddressRange> trusted = List.of();

    @PostConstruct
    void parseTrustedProxies() {
        List<String> rejected = new ArrayList<>();
        trusted = List.copyOf(AddressRange.parseList(trustedProxies.orElse(null), rejected));
        // An entry that does not parse trusts nobody: the safe side of a typo.
        rejected.forEach(entry ->
                LOG.severe(() -> "TRUSTED_PROXIES: ignoring \"" + entry + "\", not an IP address or CIDR block"));
    }

    /** The request's client address, canonical; worked out once per request. */
    public String of(HttpServletRequest request) {
        Object known = request.getAttribute(ATTRIBUTE);
        if (known instanceof String address) {
            return address;
        }
        String address = ForwardedFor.clientAddress(
                request.getRemoteAddr(), Collections.list(request.getHeaders("X-Forwarded-For")), trusted);
        request.setAttribute(ATTRIBUTE, address);
        return address;
    }
}
