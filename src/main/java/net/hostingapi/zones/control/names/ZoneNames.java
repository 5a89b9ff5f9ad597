package net.hostingapi.zones.control.names;

import java.net.IDN;
import java.util.Locale;
import net.hostingapi.platform.validation.control.ControlCharacters;

/**
 * Zone names (and the domain names assigned to zones), normalised so one zone has exactly one
 * spelling: lower case, no trailing dot, an IDN as its A-label. Conversion uses
 * {@link IDN java.net.IDN}, which implements IDNA 2003 (so e.g. {@code ß} maps to {@code ss}).
 */
public final class ZoneNames {

    /**
     * A normalised zone name.
     *
     * @param name    the A-label form, lower case, without trailing dot ({@code xn--mnchen-3ya.example})
     * @param unicode the U-label form for display ({@code münchen.example}); equals {@code name} for ASCII names
     */
    public record ZoneName(String name, String unicode) {}

    private ZoneNames() {}

    /**
     * Normalises a zone or domain name: one trailing dot removed, IDN converted to its A-label
     * with STD3 rules, lower-cased; at least two LDH labels of 1..63 characters, at most 253 in
     * all. No wildcards, no underscores, no control characters.
     *
     * @throws IllegalArgumentException with a short message saying what the name must be
     */
    public static ZoneName normalize(String input) {
        if (input == null || input.isBlank()) {
            throw new IllegalArgumentException("must not be empty");
        }
        if (ControlCharacters.containsAny(input)) {
            throw new IllegalArgumentException("must not contain control characters");
        }
        String name = DomainLabels.withoutTrailingDot(input);
        String ascii;
        try {
            ascii = IDN.toASCII(name, IDN.USE_STD3_ASCII_RULES).toLowerCase(Locale.ROOT);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("must be a domain name of letters, digits and hyphens (or an IDN)");
        }
        DomainLabels.checkDomain(ascii, false);
        return new ZoneName(ascii, IDN.toUnicode(ascii, IDN.USE_STD3_ASCII_RULES));
    }

    /** Whether {@link #normalize} accepts the name; for {@code domainName} of assign/dissociate. */
    public static boolean isValidDomainName(String input) {
        try {
            normalize(input);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
