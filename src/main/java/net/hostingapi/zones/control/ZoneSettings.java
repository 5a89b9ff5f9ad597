package net.hostingapi.zones.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** Zone defaults and limits from configuration (README, Configuration). */
@ApplicationScoped
public class ZoneSettings {

    static final int DEFAULT_REFRESH = 43200;
    static final int DEFAULT_RETRY = 7200;
    static final int DEFAULT_EXPIRE = 1209600;
    static final int DEFAULT_TTL = 300;

    @Inject
    @ConfigProperty(name = "DNS_NS_FIRST", defaultValue = "ns1.hostingapi.test")
    String nsFirst;

    @Inject
    @ConfigProperty(name = "DNS_NS_SECOND", defaultValue = "ns2.hostingapi.test")
    String nsSecond;

    /** Unset: {@code hostmaster@<zone>}. */
    @Inject
    @ConfigProperty(name = "DNS_HOSTMASTER")
    Optional<String> hostmaster;

    @Inject
    @ConfigProperty(name = "MAX_RECORDS_PER_REQUEST", defaultValue = "1000")
    int maxRecordsPerRequest;

    @Inject
    @ConfigProperty(name = "MAX_RECORDS_PER_ZONE", defaultValue = "10000")
    int maxRecordsPerZone;

    /** Where HTTP_REDIRECT and HTTP_FRAME names point: the web forwarder's addresses. */
    @Inject
    @ConfigProperty(name = "WEB_FORWARD_IPV4", defaultValue = "127.0.0.1")
    String webForwardIpv4;

    @Inject
    @ConfigProperty(name = "WEB_FORWARD_IPV6")
    Optional<String> webForwardIpv6;

    public String nsFirst() {
        return nsFirst;
    }

    public String nsSecond() {
        return nsSecond;
    }

    public String hostmasterFor(String zoneName) {
        return hostmaster.filter(h -> !h.isBlank()).orElse("hostmaster@" + zoneName);
    }

    public int maxRecordsPerRequest() {
        return maxRecordsPerRequest;
    }

    public int maxRecordsPerZone() {
        return maxRecordsPerZone;
    }

    public String webForwardIpv4() {
        return webForwardIpv4;
    }

    public Optional<String> webForwardIpv6() {
        return webForwardIpv6.filter(a -> !a.isBlank());
    }
}
