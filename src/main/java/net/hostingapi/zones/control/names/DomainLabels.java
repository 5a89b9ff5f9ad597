package net.hostingapi.zones.control.names;

import java.net.IDN;
import java.util.Locale;
import java.util.regex.Pattern;

/** Label rules shared by zone names, record names and host names in record data. */
public final class DomainLabels {

    static final int MAX_NAME = 253;
    private static final int MAX_LABEL = 63;
    private static final Pattern LDH = Pattern.compile("[a-z0-9]([a-z0-9-]*[a-z0-9])?");
    /** Service labels such as {@code _acme-challenge}, {@code _sip}, {@code _tcp}, {@code _25}. */
    private static final Pattern UNDERSCORE = Pattern.compile("_[a-z0-9]([a-z0-9-]*[a-z0-9])?");

    private DomainLabels() {}

    /**
     * IDNA ToASCII of a dotted name (non-ASCII labels become {@code xn--} A-labels), lower-cased.
     * Without STD3 rules, so service labels survive; {@link #checkLabel} enforces LDH afterwards.
     */
    public static String toAscii(String name) {
        try {
            return IDN.toASCII(name).toLowerCase(Locale.ROOT);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("is not a valid (internationalized) domain name");
        }
    }

    /** Checks one A-label: 1..63 characters, LDH (or a service label if allowed), valid punycode. */
    static void checkLabel(String label, boolean serviceLabels) {
        if (label.isEmpty()) {
            throw new IllegalArgumentException("must not contain an empty label");
        }
        if (label.length() > MAX_LABEL) {
            throw new IllegalArgumentException("must not contain a label longer than 63 characters");
        }
        boolean ok = LDH.matcher(label).matches()
                || (serviceLabels && UNDERSCORE.matcher(label).matches());
        if (!ok) {
            throw new IllegalArgumentException("must consist of labels of letters, digits and inner hyphens");
        }
        // IDN.toUnicode gives the label back unchanged when its punycode does not decode
        if (label.startsWith("xn--") && IDN.toUnicode(label).equals(label)) {
            throw new IllegalArgumentException("contains an invalid IDN label: " + label);
        }
    }

    /**
     * Checks an ASCII, lower-case, dot-free-at-the-end domain name: at least two labels, each
     * valid, at most 253 characters, and a top-level label that is not all digits (so an IP
     * address is never taken for a name).
     */
    public static String checkDomain(String ascii, boolean serviceLabels) {
        if (ascii.length() > MAX_NAME) {
            throw new IllegalArgumentException("must be at most 253 characters long");
        }
        String[] labels = ascii.split("\\.", -1);
        if (labels.length < 2) {
            throw new IllegalArgumentException("must have at least two labels (like example.com)");
        }
        for (String label : labels) {
            checkLabel(label, serviceLabels);
        }
        if (labels[labels.length - 1].chars().allMatch(Character::isDigit)) {
            throw new IllegalArgumentException("must not end in an all-numeric label");
        }
        return ascii;
    }

    static String withoutTrailingDot(String name) {
        return name.endsWith(".") ? name.substring(0, name.length() - 1) : name;
    }
}
