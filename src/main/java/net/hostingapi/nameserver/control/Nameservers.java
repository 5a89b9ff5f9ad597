package net.hostingapi.nameserver.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Inject;
import java.util.Optional;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** Chooses the nameserver: PowerDNS when PDNS_API_URL is set, zone files otherwise. */
@ApplicationScoped
public class Nameservers {

    private static final Logger LOG = Logger.getLogger(Nameservers.class.getName());

    @Inject
    @ConfigProperty(name = "PDNS_API_URL")
    Optional<String> powerDnsUrl;

    @Produces
    @ApplicationScoped
    NameserverPublisher publisher(Instance<PowerDnsPublisher> powerDns, Instance<ZoneFilePublisher> zoneFiles) {
        if (powerDnsUrl.filter(u -> !u.isBlank()).isPresent()) {
            LOG.info(() -> "Publishing zones to PowerDNS at " + powerDnsUrl.get());
            return powerDns.get();
        }
        LOG.info("Publishing zones as zone files (PDNS_API_URL not set)");
        return zoneFiles.get();
    }
}
