package net.hostingapi.platform.addresses.entity;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** An IP address or a CIDR block ({@code 10.0.0.0/8}, {@code fd00::/8}), as TRUSTED_PROXIES lists them. */
public final class AddressRange {

    private final byte[] network;
    private final int prefix;

    private AddressRange(byte[] network, int prefix) {
        this.network = network;
        this.prefix = prefix;
    }

    public static Optional<AddressRange> parse(String text) {
        String trimmed = text.trim();
        int slash = trimmed.indexOf('/');
        Optional<InetAddress> address = IpLiteral.inet(slash < 0 ? trimmed : trimmed.substring(0, slash));
        if (address.isEmpty()) {
            return Optional.empty();
        }
        byte[] bytes = address.get().getAddress();
        int prefix = bytes.length * 8;
        if (slash >= 0) {
            String length = trimmed.substring(slash + 1);
            if (!length.matches("\\d{1,3}") || Integer.parseInt(length) > bytes.length * 8) {
                return Optional.empty();
            }
            prefix = Integer.parseInt(length);
        }
        return Optional.of(new AddressRange(bytes, prefix));
    }

    /** Parses a comma-separated list; the entries that do not parse are returned in {@code rejected}. */
    public static List<AddressRange> parseList(String list, List<String> rejected) {
        List<AddressRange> ranges = new ArrayList<>();
        if (list == null) {
            return ranges;
        }
        for (String entry : list.split(",")) {
            if (entry.isBlank()) {
                continue;
            }
            parse(entry).ifPresentOrElse(ranges::add, () -> rejected.add(entry.trim()));
        }
        return ranges;
    }

    /** Every address of {@code other} lies in this range. */
    public boolean contains(AddressRange other) {
        return other.network.length == network.length && other.prefix >= prefix && contains(other.network);
    }

    public boolean contains(InetAddress address) {
        return contains(address.getAddress());
    }

    /** The canonical form: the network address and the prefix length ({@code 192.0.2.0/24}). */
    @Override
    public String toString() {
        byte[] masked = network.clone();
        for (int bit = prefix; bit < masked.length * 8; bit++) {
            masked[bit / 8] &= (byte) ~(0x80 >> (bit % 8));
        }
        try {
            return InetAddress.getByAddress(masked).getHostAddress() + "/" + prefix;
        } catch (java.net.UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }

    private boolean contains(byte[] bytes) {
        if (bytes.length != network.length) {
            return false;
        }
        int full = prefix / 8;
        for (int i = 0; i < full; i++) {
            if (bytes[i] != network[i]) {
                return false;
            }
        }
        int rest = prefix % 8;
        if (rest == 0) {
            return true;
        }
        int mask = (0xff << (8 - rest)) & 0xff;
        return (bytes[full] & mask) == (network[full] & mask);
    }
}
