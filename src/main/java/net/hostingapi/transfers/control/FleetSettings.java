package net.hostingapi.transfers.control;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import net.hostingapi.accounts.control.tsig.TsigAlgorithm;
import net.hostingapi.platform.addresses.entity.IpLiteral;
import net.hostingapi.zones.entity.ZoneSecondary;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The operator's own secondaries (configuration.md): {@code SECONDARY_NAMESERVERS}, a comma
 * separated list of {@code address} or {@code address#port} (BIND's spelling, which an IPv6
 * address needs no brackets for), all signing with {@code SECONDARY_TSIG_KEY} when set, in
 * {@code dig -y}'s form {@code algorithm:name:secret}; and {@code CATALOG_ZONE}, the name of the
 * catalog zone that lists every zone for them. A malformed value stops the start: a fleet that
 * silently received nothing would be found only when a zone is missing.
 */
@ApplicationScoped
public class FleetSettings {

    @Inject
    @ConfigProperty(name = "SECONDARY_NAMESERVERS")
    Optional<String> nameservers;

    @Inject
    @ConfigProperty(name = "SECONDARY_TSIG_KEY")
    Optional<String> tsigKey;

    @Inject
    @ConfigProperty(name = "CATALOG_ZONE")
    Optional<String> catalogZone;

    private List<TransferTarget> secondaries;

    @PostConstruct
    void read() {
        secondaries = parse(nameservers.orElse(""), key(tsigKey.orElse("")));
    }

    public List<TransferTarget> secondaries() {
        return secondaries;
    }

    /** The catalog zone's name, lower case without the root's dot; empty when none is published. */
    public Optional<String> catalogZone() {
        return catalogZone
                .map(String::strip)
                .filter(name -> !name.isEmpty())
                .map(name -> name.toLowerCase(Locale.ROOT).replaceAll("\\.$", ""));
    }

    static List<TransferTarget> parse(String list, TransferKey key) {
        List<TransferTarget> targets = new ArrayList<>();
        for (String entry : list.split(",")) {
            String text = entry.strip();
            if (text.isEmpty()) {
                continue;
            }
            int hash = text.indexOf('#');
            String address = hash < 0 ? text : text.substring(0, hash);
            int port = ZoneSecondary.DNS_PORT;
            if (hash >= 0) {
                try {
                    port = Integer.parseInt(text.substring(hash + 1));
                } catch (NumberFormatException e) {
                    port = -1;
                }
            }
            Optional<InetAddress> inet = IpLiteral.inet(address);
            if (inet.isEmpty() || port < 1 || port > 65535) {
                throw new IllegalArgumentException("SECONDARY_NAMESERVERS: `" + text
                        + "` is not an IP address, optionally with #port (e.g. 192.0.2.53#5353)");
            }
            targets.add(new TransferTarget(IpLiteral.canonical(inet.get()), port, key));
        }
        return List.copyOf(targets);
    }

    static TransferKey key(String text) {
        if (text.isBlank()) {
            return null;
        }
        String[] parts = text.strip().split(":", 3);
        if (parts.length != 3 || TsigAlgorithm.ofWireName(parts[0]).isEmpty() || parts[1].isBlank()) {
            throw new IllegalArgumentException(
                    "SECONDARY_TSIG_KEY is algorithm:name:secret (e.g. hmac-sha256:fleet.tsig:<base64>); algorithms: "
                            + TsigAlgorithm.allowed());
        }
        try {
            java.util.Base64.getDecoder().decode(parts[2]);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("SECONDARY_TSIG_KEY: the secret is not base64");
        }
        return new TransferKey(
                parts[1].toLowerCase(Locale.ROOT).replaceAll("\\.$", ""),
                TsigAlgorithm.ofWireName(parts[0]).get().wireName(),
                parts[2]);
    }
}
