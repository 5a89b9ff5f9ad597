package net.hostingapi.accounts.control;

import java.net.IDN;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import net.hostingapi.accounts.entity.TokenPolicy;
import net.hostingapi.platform.addresses.entity.AddressRange;
import net.hostingapi.platform.messages.control.CommonMessages;
import net.hostingapi.platform.messages.control.Violations;

/**
 * A token policy as a client sends it ({@code zones[]}, {@code names[]}, {@code types[]},
 * {@code subnets[]}, {@code max_unused_days}), checked item by item into the stored form: zone
 * names lower case as A-labels, name patterns lower case, types upper case, CIDR blocks canonical.
 */
public record TokenPolicyInput(
        List<String> zones, List<String> names, List<String> types, List<String> subnets, Integer maxUnusedDays) {

    /** Record types a policy may name: those a zone holds (kept here so that accounts needs nothing of zones). */
    static final List<String> RECORD_TYPES = List.of(
            "A", "AAAA", "CNAME", "MX", "SRV", "TXT", "CAA", "PTR", "NS", "HTTP_FRAME", "HTTP_REDIRECT", "TLSA", "DS");

    private static final int MAX_ITEMS = 100;

    TokenPolicy toPolicy(Violations violations) {
        List<String> zoneNames = items(zones, violations.at("zones"), TokenPolicyInput::zoneName);
        List<String> namePatterns = items(names, violations.at("names"), TokenPolicyInput::namePattern);
        List<String> recordTypes = items(types, violations.at("types"), TokenPolicyInput::recordType);
        List<String> ranges = items(subnets, violations.at("subnets"), TokenPolicyInput::subnet);
        if (maxUnusedDays != null && (maxUnusedDays < 1 || maxUnusedDays > 3650)) {
            violations.at("max_unused_days").add(CommonMessages.FIELD_INVALID, "must be between 1 and 3650");
        }
        return new TokenPolicy(zoneNames, namePatterns, recordTypes, ranges, maxUnusedDays);
    }

    private interface Item {
        /** The stored form, or a description of what the item must be. */
        Optional<String> parse(String text);
    }

    private static List<String> items(List<String> given, Violations violations, Item item) {
        if (given == null) {
            return List.of();
        }
        if (given.size() > MAX_ITEMS) {
            violations.add(CommonMessages.FIELD_INVALID, "at most " + MAX_ITEMS + " entries");
            return List.of();
        }
        LinkedHashSet<String> parsed = new LinkedHashSet<>();
        for (int i = 0; i < given.size(); i++) {
            String text = given.get(i);
            Optional<String> value = text == null || text.isBlank() ? Optional.empty() : item.parse(text.trim());
            if (value.isEmpty()) {
                violations.at(i).add(CommonMessages.FIELD_INVALID, "not a valid entry: " + describe(text));
            } else {
                parsed.add(value.get());
            }
        }
        return new ArrayList<>(parsed);
    }

    private static String describe(String text) {
        return text == null ? "null" : '"' + (text.length() > 60 ? text.substring(0, 60) + "…" : text) + '"';
    }

    private static Optional<String> zoneName(String text) {
        try {
            String name = text.endsWith(".") ? text.substring(0, text.length() - 1) : text;
            String ascii = IDN.toASCII(name, IDN.USE_STD3_ASCII_RULES).toLowerCase(Locale.ROOT);
            return ascii.length() <= 253 && ascii.matches("([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\\.)+[a-z0-9-]{2,63}")
                    ? Optional.of(ascii)
                    : Optional.empty();
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private static Optional<String> namePattern(String text) {
        String pattern = text.toLowerCase(Locale.ROOT);
        return TokenPolicy.isNamePattern(pattern) ? Optional.of(pattern) : Optional.empty();
    }

    private static Optional<String> recordType(String text) {
        String type = text.toUpperCase(Locale.ROOT);
        return RECORD_TYPES.contains(type) ? Optional.of(type) : Optional.empty();
    }

    private static Optional<String> subnet(String text) {
        return AddressRange.parse(text).map(AddressRange::toString);
    }
}
