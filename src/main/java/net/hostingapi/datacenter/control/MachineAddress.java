package net.hostingapi.datacenter.control;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;
import net.hostingapi.platform.control.ApiException;
import net.hostingapi.platform.control.Message;
import net.hostingapi.platform.control.MessageCode;

/**
 * How a machine names itself to the public endpoints: a MAC address ({@code aa:bb:cc:dd:ee:ff},
 * also with {@code -} and in upper case) or an IP address, always in one canonical spelling so
 * that every spelling finds the same action. IP literals are parsed without any name lookup.
 */
public record MachineAddress(Type type, String value) {

    public enum Type {
        MAC, IP
    }

    private static final Pattern MAC = Pattern.compile("[0-9A-Fa-f]{2}([:-])[0-9A-Fa-f]{2}(?:\\1[0-9A-Fa-f]{2}){4}");
    private static final Pattern IPV4 = Pattern.compile("(?:(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)\\.){3}(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)");
    private static final Pattern IPV6_CHARACTERS = Pattern.compile("[0-9A-Fa-f:.]{2,45}");

    /** The address of a public request; anything else is 400 (contract section 7). */
    public static MachineAddress parse(String text) {
        Optional<String> mac = mac(text);
        if (mac.isPresent()) {
            return new MachineAddress(Type.MAC, mac.get());
        }
        return ip(text).map(ip -> new MachineAddress(Type.IP, ip)).orElseThrow(MachineAddress::malformed);
    }

    /** 400 for the {@code address} parameter of a public request. */
    public static ApiException malformed() {
        return new ApiException(400, Message.forField(MessageCode.MALFORMED_ADDRESS, "address",
                "address: not a MAC address (aa:bb:cc:dd:ee:ff) or an IP address"));
    }

    /** A MAC address in canonical form: lower case, colon separated. */
    public static Optional<String> mac(String text) {
        if (text == null || !MAC.matcher(text).matches()) {
            return Optional.empty();
        }
        return Optional.of(text.toLowerCase(Locale.ROOT).replace('-', ':'));
    }

    /** An IP address in canonical text: IPv4 dotted quad, IPv6 as RFC 5952 (an IPv4-mapped IPv6 address is its IPv4 address). */
    public static Optional<String> ip(String text) {
        return inet(text).map(MachineAddress::canonical);
    }

    /** An IP literal as an address, never looking a name up. */
    public static Optional<InetAddress> inet(String text) {
        if (text == null) {
            return Optional.empty();
        }
        boolean v4 = IPV4.matcher(text).matches();
        boolean v6 = !v4 && text.indexOf(':') >= 0 && IPV6_CHARACTERS.matcher(text).matches();
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
