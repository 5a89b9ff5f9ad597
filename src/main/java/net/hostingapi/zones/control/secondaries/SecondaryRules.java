package net.hostingapi.zones.control.secondaries;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import net.hostingapi.platform.addresses.entity.IpLiteral;
import net.hostingapi.platform.messages.control.CommonMessages;
import net.hostingapi.platform.messages.control.Violations;
import net.hostingapi.zones.entity.ZoneSecondary;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Turns {@code secondaries[]} into a zone's secondaries, or reports why not: an address must be an
 * IP literal (a name would make the nameserver's configuration depend on a lookup), public unless
 * the operator allows private ones ({@code SECONDARY_ALLOW_PRIVATE_ADDRESSES}: a customer must
 * not make the primary send NOTIFY into the hoster's own networks), never multicast or
 * unspecified; a key must be one of the account's TSIG keys; no secondary twice.
 */
@ApplicationScoped
public class SecondaryRules {

    /** More secondaries than this per zone is a configuration no one needs, and a NOTIFY storm. */
    public static final int MOST_SECONDARIES = 10;

    @Inject
    @ConfigProperty(name = "SECONDARY_ALLOW_PRIVATE_ADDRESSES", defaultValue = "false")
    boolean allowPrivate;

    @PersistenceContext
    EntityManager em;

    /** The secondaries given, checked; problems are added to {@code violations} at {@code secondaries[i]}. */
    public List<ZoneSecondary> check(List<SecondaryInput> inputs, long accountId, Violations violations) {
        Violations at = violations.at("secondaries");
        if (inputs.size() > MOST_SECONDARIES) {
            at.add(CommonMessages.FIELD_INVALID, "at most " + MOST_SECONDARIES + " secondaries per zone");
            return List.of();
        }
        List<ZoneSecondary> secondaries = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        for (int i = 0; i < inputs.size(); i++) {
            SecondaryInput input = inputs.get(i);
            if (input == null || input.address() == null) {
                continue; // reported by Bean Validation
            }
            Optional<String> address = address(input.address(), at.at(i).at("address"));
            String key = input.key() == null
                    ? null
                    : input.key().strip().toLowerCase(Locale.ROOT).replaceAll("\\.$", "");
            if (key != null && !keyOfAccount(key, accountId)) {
                at.at(i).at("key").add(CommonMessages.FIELD_INVALID, "the account has no TSIG key named " + key);
            }
            if (address.isEmpty()) {
                continue;
            }
            ZoneSecondary secondary = new ZoneSecondary(
                    address.get(), Objects.requireNonNullElse(input.port(), ZoneSecondary.DNS_PORT), key);
            if (!seen.add(secondary.address() + " " + secondary.port())) {
                at.at(i)
                        .add(
                                CommonMessages.FIELD_INVALID,
                                secondary.address() + " port " + secondary.port() + " is listed twice");
            }
            secondaries.add(secondary);
        }
        return secondaries;
    }

    /** The address in its canonical spelling, if allowed. */
    private Optional<String> address(String text, Violations at) {
        Optional<InetAddress> parsed = IpLiteral.inet(text.strip());
        if (parsed.isEmpty()) {
            at.add(CommonMessages.FIELD_INVALID, "must be an IPv4 or IPv6 address");
            return Optional.empty();
        }
        InetAddress address = parsed.get();
        if (address.isMulticastAddress() || address.isAnyLocalAddress() || isBroadcast(address)) {
            at.add(CommonMessages.FIELD_INVALID, "a multicast, broadcast or unspecified address cannot be a secondary");
            return Optional.empty();
        }
        if (!allowPrivate && isPrivate(address)) {
            at.add(
                    CommonMessages.FIELD_INVALID,
                    "a loopback, private or link-local address cannot be a secondary on this service");
            return Optional.empty();
        }
        return Optional.of(IpLiteral.canonical(address));
    }

    private static boolean isBroadcast(InetAddress address) {
        return address instanceof Inet4Address && address.getHostAddress().equals("255.255.255.255");
    }

    /** Loopback, link-local, RFC 1918, shared (RFC 6598), unique local IPv6 (RFC 4193) and "this network". */
    static boolean isPrivate(InetAddress address) {
        if (address.isLoopbackAddress() || address.isLinkLocalAddress() || address.isSiteLocalAddress()) {
            return true;
        }
        byte[] b = address.getAddress();
        if (address instanceof Inet4Address) {
            int first = b[0] & 0xff;
            int second = b[1] & 0xff;
            return first == 0 || (first == 100 && second >= 64 && second < 128);
        }
        if (address instanceof Inet6Address) {
            return (b[0] & 0xfe) == 0xfc;
        }
        return false;
    }

    /** Whether a token of the account carries a TSIG key of this name. */
    private boolean keyOfAccount(String key, long accountId) {
        return !em.createNativeQuery("SELECT 1 FROM api_tokens t JOIN users u ON u.id = t.user_id"
                        + " WHERE t.tsig_name = ? AND u.account_id = ?")
                .setParameter(1, key)
                .setParameter(2, accountId)
                .getResultList()
                .isEmpty();
    }
}
