package net.hostingapi.platform.addresses.entity;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * IP address literals: parsed without any name lookup, written in one canonical spelling (IPv4
 * dotted quad, IPv6 as RFC 5952) so that every spelling of a client or machine is the same key.
 */
public final class IpLiteral {

    private static final Pattern IPV4 =
            Pattern.compile("(?:(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)\\.){3}(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)");
    private static final Pattern IPV6_CHARACTERS = Pattern.compile("[0-9A-Fa-f:.]{2,45}");

    private IpLiteral() {}

    /** An IP literal as an address, never looking a name up. */
    public static Optional<InetAddress> inet(String text) {
        if (text == null) {
            return Optional.empty();
        }
        boolean v4 = IPV4.matcher(text).matches();
        boolean v6 =
                !v4 && text.indexOf(':') >= 0 && IPV6_CHARACTERS.matcher(text).matches();
        if (!v4 && !v6) {
            return Optional.empty();
        }
        try {
            // A literal of these characters only is parsed, not resolved.
            return Optional.of(InetAddress.getByName(text));
        } catch (UnknownHostException e) {
            return Optional.empty();
        }
    }

    public static String canonical(InetAddress address) {
        if (!(address instanceof Inet6Address)) {
            return address.getHostAddress();
        }
        byte[] bytes = address.getAddress();
        int[] groups = new int[8];
        for (int i = 0; i < 8; i++) {
            groups[i] = ((bytes[2 * i] & 0xff) << 8) | (bytes[2 * i + 1] & 0xff);
        }
        // RFC 5952: the longest run of two or more zero groups (the first of equals) becomes "::".
        int bestStart = -1;
        int bestLength = 1;
        for (int i = 0; i < 8; ) {
            if (groups[i] != 0) {
                i++;
                continue;
            }
            int start = i;
            while (i < 8 && groups[i] == 0) {
                i++;
            }
            if (i - start > bestLength) {
                bestStart = start;
                bestLength = i - start;
            }
        }
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 8; i++) {
            if (i == bestStart) {
                text.append("::");
                i += bestLength - 1;
                continue;
            }
            if (text.length() > 0 && text.charAt(text.length() - 1) != ':') {
                text.append(':');
            }
            text.append(Integer.toHexString(groups[i]));
        }
        return text.toString();
    }
}
