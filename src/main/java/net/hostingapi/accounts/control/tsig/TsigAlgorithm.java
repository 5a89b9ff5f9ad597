package net.hostingapi.accounts.control.tsig;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import org.xbill.DNS.Name;
import org.xbill.DNS.TSIG;

/**
 * The HMAC algorithms a token's TSIG key may use, by their RFC 8945 names; a secret has the
 * length of its algorithm's output (RFC 8945, 6: no shorter than half of it, and longer adds nothing).
 */
public enum TsigAlgorithm {
    HMAC_SHA256(TSIG.HMAC_SHA256, 32),
    HMAC_SHA512(TSIG.HMAC_SHA512, 64),
    HMAC_SHA384(TSIG.HMAC_SHA384, 48),
    HMAC_SHA224(TSIG.HMAC_SHA224, 28),
    HMAC_SHA1(TSIG.HMAC_SHA1, 20);

    private final Name name;
    private final int secretBytes;

    TsigAlgorithm(Name name, int secretBytes) {
        this.name = name;
        this.secretBytes = secretBytes;
    }

    /** dnsjava's name of the algorithm, as {@code new TSIG(algorithm, key, secret)} takes it. */
    public Name dnsName() {
        return name;
    }

    /** How the wire writes it: {@code hmac-sha256}. */
    public String wireName() {
        return name.toString(true);
    }

    public int secretBytes() {
        return secretBytes;
    }

    /** The algorithm of a wire name, in any case, with or without the root's dot. */
    public static Optional<TsigAlgorithm> ofWireName(String wire) {
        String lower = wire.strip().toLowerCase(Locale.ROOT);
        String relative = lower.endsWith(".") ? lower.substring(0, lower.length() - 1) : lower;
        return Arrays.stream(values())
                .filter(a -> a.wireName().equals(relative))
                .findFirst();
    }

    /** The wire names, for a 422 that lists them. */
    public static String allowed() {
        return String.join(
                ", ", Arrays.stream(values()).map(TsigAlgorithm::wireName).toList());
    }
}
