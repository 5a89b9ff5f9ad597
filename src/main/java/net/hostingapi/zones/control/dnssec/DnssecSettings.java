package net.hostingapi.zones.control.dnssec;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Locale;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** DNSSEC from configuration (README, Configuration; src/site/markdown/dnssec.md). */
@ApplicationScoped
public class DnssecSettings {

    /** {@code on}: every new zone is signed. */
    @Inject
    @ConfigProperty(name = "DNSSEC_DEFAULT", defaultValue = "off")
    String signNewZones;

    /** The signing algorithm PowerDNS's keys get: a number or its mnemonic; 13 is ECDSAP256SHA256. */
    @Inject
    @ConfigProperty(name = "DNSSEC_ALGORITHM", defaultValue = "13")
    String algorithm;

    /** {@code nsec3} (no extra iterations, no salt: RFC 9276) or {@code nsec}. */
    @Inject
    @ConfigProperty(name = "DNSSEC_DENIAL", defaultValue = "nsec3")
    String denial;

    /** How long a disabled zone stays signed with the delete records: seconds, or with a unit (s, m, h, d). */
    @Inject
    @ConfigProperty(name = "DNSSEC_UNSIGN_AFTER", defaultValue = "48h")
    String unsignAfter;

    /** The dnssec-policy a signed zone's zones.conf entry names (BIND). */
    @Inject
    @ConfigProperty(name = "DNSSEC_POLICY", defaultValue = "default")
    String policy;

    public boolean signNewZones() {
        String value = signNewZones.strip().toLowerCase(Locale.ROOT);
        return value.equals("on") || value.equals("true") || value.equals("yes") || value.equals("1");
    }

    /** The algorithm as PowerDNS names it in its cryptokeys API. */
    public String powerDnsAlgorithm() {
        String value = algorithm.strip().toLowerCase(Locale.ROOT);
        return switch (value) {
            case "8", "rsasha256" -> "rsasha256";
            case "10", "rsasha512" -> "rsasha512";
            case "13", "ecdsap256sha256" -> "ecdsap256sha256";
            case "14", "ecdsap384sha384" -> "ecdsap384sha384";
            case "15", "ed25519" -> "ed25519";
            case "16", "ed448" -> "ed448";
            default ->
                throw new IllegalArgumentException(
                        "DNSSEC_ALGORITHM must be one of 8, 10, 13, 14, 15, 16, not " + algorithm);
        };
    }

    /** Whether denial of existence is NSEC3 (else NSEC). */
    public boolean nsec3() {
        return !denial.strip().equalsIgnoreCase("nsec");
    }

    /** NSEC3 with no extra iterations and no salt (RFC 9276), or none for NSEC. */
    public String nsec3Param() {
        return nsec3() ? "1 0 0 -" : "";
    }

    public Duration unsignAfter() {
        return duration(unsignAfter);
    }

    public String policy() {
        return policy.strip();
    }

    /** {@code 172800}, {@code 30s}, {@code 5m}, {@code 48h}, {@code 2d}. */
    static Duration duration(String text) {
        String value = text.strip().toLowerCase(Locale.ROOT);
        if (!value.matches("\\d+[smhd]?")) {
            throw new IllegalArgumentException(
                    "DNSSEC_UNSIGN_AFTER must be like 172800, 30s, 5m, 48h or 2d, not " + text);
        }
        char unit = value.charAt(value.length() - 1);
        long amount = Long.parseLong(Character.isDigit(unit) ? value : value.substring(0, value.length() - 1));
        return switch (unit) {
            case 'm' -> Duration.ofMinutes(amount);
            case 'h' -> Duration.ofHours(amount);
            case 'd' -> Duration.ofDays(amount);
            default -> Duration.ofSeconds(amount);
        };
    }
}
