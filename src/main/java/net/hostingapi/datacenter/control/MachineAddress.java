package net.hostingapi.datacenter.control;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;
import net.hostingapi.platform.addresses.entity.IpLiteral;
import net.hostingapi.platform.messages.control.ApiException;
import net.hostingapi.platform.messages.control.CommonMessages;
import net.hostingapi.platform.messages.control.Message;

/**
 * How a machine names itself to the public endpoints: a MAC address ({@code aa:bb:cc:dd:ee:ff},
 * also with {@code -} and in upper case) or an IP address, always in one canonical spelling so
 * that every spelling finds the same action. IP literals are parsed without any name lookup.
 */
public record MachineAddress(Type type, String value) {

    public enum Type {
        MAC,
        IP
    }

    private static final Pattern MAC = Pattern.compile("[0-9A-Fa-f]{2}([:-])[0-9A-Fa-f]{2}(?:\\1[0-9A-Fa-f]{2}){4}");

    /** The address of a public request; anything else is 400 (api.md, Server actions). */
    public static MachineAddress parse(String text) {
        Optional<String> mac = mac(text);
        if (mac.isPresent()) {
            return new MachineAddress(Type.MAC, mac.get());
        }
        return ip(text).map(ip -> new MachineAddress(Type.IP, ip)).orElseThrow(MachineAddress::malformed);
    }

    /** 400 for the {@code address} parameter of a public request. */
    public static ApiException malformed() {
        return new ApiException(
                400,
                Message.forField(
                        CommonMessages.MALFORMED_ADDRESS,
                        "address",
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
        return IpLiteral.inet(text).map(IpLiteral::canonical);
    }
}
