package net.hostingapi.platform.requests.control;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import net.hostingapi.platform.addresses.entity.AddressRange;
import net.hostingapi.platform.addresses.entity.IpLiteral;
import net.hostingapi.platform.messages.control.ApiException;
import net.hostingapi.platform.messages.control.CommonMessages;

/**
 * The address a request really comes from. Only a trusted proxy may say so in
 * {@code X-Forwarded-For}; from anyone else the header is ignored, since it would let any
 * caller report progress for another machine, or exhaust another client's limits.
 */
public final class ForwardedFor {

    /** An IPv6 address's scope ("%eth0"), compiled once: String.replaceFirst compiled it again for every request. */
    private static final Pattern SCOPE = Pattern.compile("%.*$");

    private ForwardedFor() {}

    /**
     * @param remoteAddress the connection's peer ({@code getRemoteAddr()})
     * @param headers       every {@code X-Forwarded-For} header line, in order
     * @param trusted       the trusted proxies
     * @return the canonical IP address of the client: walking the forwarded chain from the
     *         right, the first hop that is not a trusted proxy
     */
    public static String clientAddress(String remoteAddress, List<String> headers, List<AddressRange> trusted) {
        // The socket may name a link-local IPv6 peer with its scope ("fe80::1%eth0"); the scope is no part of the
        // address.
        String peer =
                remoteAddress == null ? null : SCOPE.matcher(remoteAddress).replaceFirst("");
        Optional<InetAddress> remote = IpLiteral.inet(peer);
        if (remote.isEmpty()) {
            return remoteAddress;
        }
        if (!isTrusted(remote.get(), trusted) || headers == null || headers.isEmpty()) {
            return IpLiteral.canonical(remote.get());
        }
        List<String> hops = new ArrayList<>();
        for (String header : headers) {
            for (String hop : header.split(",")) {
                if (!hop.isBlank()) {
                    hops.add(hop.trim());
                }
            }
        }
        InetAddress client = remote.get();
        for (int i = hops.size() - 1; i >= 0; i--) {
            client = hop(hops.get(i));
            if (!isTrusted(client, trusted)) {
                break;
            }
        }
        return IpLiteral.canonical(client);
    }

    private static boolean isTrusted(InetAddress address, List<AddressRange> trusted) {
        return trusted.stream().anyMatch(range -> range.contains(address));
    }

    /** One hop: an IP address, maybe with a port ({@code 192.0.2.1:4711}, {@code [2001:db8::1]:4711}). */
    private static InetAddress hop(String text) {
        String address = text;
        if (address.startsWith("[") && address.indexOf(']') > 0) {
            address = address.substring(1, address.indexOf(']'));
        } else if (address.indexOf(':') > 0 && address.indexOf(':') == address.lastIndexOf(':')) {
            address = address.substring(0, address.indexOf(':'));
        }
        return IpLiteral.inet(address)
                .orElseThrow(() -> ApiException.badRequest(
                        CommonMessages.MALFORMED_ADDRESS, "X-Forwarded-For: a hop is not an IP address"));
    }
}
