package net.hostingapi.accounts.entity;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import net.hostingapi.platform.addresses.entity.AddressRange;
import net.hostingapi.platform.addresses.entity.IpLiteral;

/**
 * What a token may touch beyond its rights: the zones (none listed: all), the record names and
 * types within them (none: all), the client addresses it may come from (none: any), and how many
 * days it may lie unused before it stops working (null: no limit). A certificate robot's token
 * holds {@code zones=[example.com], names=[_acme-challenge, _acme-challenge.*], types=[TXT]}.
 *
 * <p>Names are relative to the zone like record names ({@code @} the apex); a {@code *} label
 * stands for one or more labels: {@code _acme-challenge.*} matches {@code _acme-challenge.www},
 * {@code *} every name. Zone names are stored as the API stores zones (lower case, A-labels).
 */
public record TokenPolicy(
        List<String> zones, List<String> names, List<String> types, List<String> subnets, Integer maxUnusedDays) {

    public static final TokenPolicy NONE = new TokenPolicy(List.of(), List.of(), List.of(), List.of(), null);

    public TokenPolicy {
        zones = List.copyOf(zones);
        names = List.copyOf(names);
        types = List.copyOf(types);
        subnets = List.copyOf(subnets);
    }

    /** Only some zones. */
    public boolean limitsZones() {
        return !zones.isEmpty();
    }

    /** Only some records: such a token manages records, not zones (no create, delete or settings). */
    public boolean limitsRecords() {
        return !names.isEmpty() || !types.isEmpty();
    }

    public boolean allowsZone(String zone) {
        return zones.isEmpty() || zones.contains(zone);
    }

    public boolean allowsRecord(String name, String type) {
        return (types.isEmpty() || types.contains(type))
                && (names.isEmpty() || names.stream().anyMatch(p -> matches(p, name.toLowerCase(Locale.ROOT))));
    }

    public boolean allowsAddress(String address) {
        if (subnets.isEmpty()) {
            return true;
        }
        InetAddress client = IpLiteral.inet(address).orElse(null);
        return client != null
                && subnets.stream()
                        .map(AddressRange::parse)
                        .flatMap(java.util.Optional::stream)
                        .anyMatch(r -> r.contains(client));
    }

    /**
     * The fields in which {@code inner} allows more than this policy (empty: it is as narrow or
     * narrower). A token may only issue tokens within its own policy.
     */
    public List<String> widenedBy(TokenPolicy inner) {
        List<String> widened = new ArrayList<>();
        if (!zones.isEmpty() && (inner.zones.isEmpty() || !zones.containsAll(inner.zones))) {
            widened.add("zones");
        }
        if (!names.isEmpty() && (inner.names.isEmpty() || !names.containsAll(inner.names))) {
            widened.add("names");
        }
        if (!types.isEmpty() && (inner.types.isEmpty() || !types.containsAll(inner.types))) {
            widened.add("types");
        }
        if (!subnets.isEmpty()
                && (inner.subnets.isEmpty()
                        || !inner.subnets.stream()
                                .allMatch(s -> subnets.stream()
                                        .anyMatch(outer -> AddressRange.parse(outer)
                                                .flatMap(o ->
                                                        AddressRange.parse(s).map(o::contains))
                                                .orElse(false))))) {
            widened.add("subnets");
        }
        if (maxUnusedDays != null && (inner.maxUnusedDays == null || inner.maxUnusedDays > maxUnusedDays)) {
            widened.add("max_unused_days");
        }
        return widened;
    }

    /** The policy as a 403 names it: {@code zones [example.com], names [_acme-challenge], types [TXT]}. */
    public String describe() {
        List<String> parts = new ArrayList<>();
        if (!zones.isEmpty()) {
            parts.add("zones " + zones);
        }
        if (!names.isEmpty()) {
            parts.add("names " + names);
        }
        if (!types.isEmpty()) {
            parts.add("types " + types);
        }
        if (!subnets.isEmpty()) {
            parts.add("subnets " + subnets);
        }
        if (maxUnusedDays != null) {
            parts.add("max_unused_days " + maxUnusedDays);
        }
        return parts.isEmpty() ? "no limits" : String.join(", ", parts);
    }

    /** A relative name pattern: labels of letters, digits, {@code -} and {@code _}, or {@code *}; or {@code @}. */
    public static boolean isNamePattern(String pattern) {
        return pattern.length() <= 253 && NAME_PATTERN.matcher(pattern).matches();
    }

    private static final Pattern NAME_PATTERN = Pattern.compile(
            "@|(\\*|[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)(\\.(\\*|[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?))*");

    static boolean matches(String pattern, String name) {
        if (!pattern.contains("*")) {
            return pattern.equals(name);
        }
        StringBuilder regex = new StringBuilder();
        String[] labels = pattern.split("\\.", -1);
        for (int i = 0; i < labels.length; i++) {
            regex.append(i == 0 ? "" : "\\.")
                    .append(labels[i].equals("*") ? "[^.]+(\\.[^.]+)*" : Pattern.quote(labels[i]));
        }
        return name.matches(regex.toString());
    }

    // ---- stored as comma-separated columns of api_tokens (none of the items holds a comma)

    public static List<String> split(String column) {
        return column == null || column.isEmpty() ? List.of() : List.of(column.split(","));
    }

    static String join(List<String> items) {
        return items.isEmpty() ? null : String.join(",", items);
    }
}
