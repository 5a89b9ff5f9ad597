package net.hostingapi.nameserver.control;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.hostingapi.nameserver.control.SecondariesMarker.Secondary;

/**
 * {@code zones.conf}, the file BIND includes to learn the set of zones: one primary zone per zone
 * file, with its secondaries. Names are validated LDH names and the path is ours; both are quoted
 * and escaped anyway.
 *
 * <p>Each zone sends NOTIFY to its secondaries only ({@code notify explicit}: not to the hosts of
 * its NS records), at every reload ({@code notify-delay 0}: by default named holds a zone's next
 * NOTIFY back for 5 s after one, and a change made within them reached the secondaries seconds
 * late; the service's own pacing of a name's publications bounds the rate), signed with a secondary's key when it has one, and allows a transfer from the
 * address of each secondary without a key and to any request signed with the key of one with a
 * key (the key grants the transfer, as PowerDNS's TSIG-ALLOW-AXFR does); a zone without
 * secondaries allows none. {@code ixfr-from-differences} makes each reload of a changed file
 * record the difference, which named serves as an incremental transfer (IXFR).
 */
final class ZonesInclude {

    static final String FILE_NAME = "zones.conf";

    private ZonesInclude() {}

    /** {@code zones}: zone name to its file, in the order wanted. */
    static String render(Map<String, Path> zones) {
        return render(zones, Map.of(), null, Map.of(), List.of());
    }

    /**
     * {@code policies}: the signed zones' dnssec-policy; such a zone is signed by named (inline
     * signing: our file stays unsigned, secondaries transfer the signed zone) with its keys in a
     * directory of its own under {@code keys}. {@code secondaries}: each zone's secondaries (none
     * when absent); {@code keyFiles}: the files defining their TSIG keys, each included once.
     */
    static String render(
            Map<String, Path> zones,
            Map<String, String> policies,
            Path keys,
            Map<String, List<Secondary>> secondaries,
            Collection<Path> keyFiles) {
        StringBuilder conf =
                new StringBuilder("# Written by hosting-api after every zone created or deleted: do not edit.\n");
        for (Path keyFile : new LinkedHashSet<>(keyFiles)) {
            conf.append("include ")
                    .append(quoted(keyFile.toAbsolutePath().toString()))
                    .append(";\n");
        }
        zones.forEach((name, file) -> {
            conf.append("zone ")
                    .append(quoted(name))
                    .append(" { type primary; file ")
                    .append(quoted(file.toAbsolutePath().toString()))
                    .append(";");
            String policy = policies.get(name);
            if (policy != null) {
                conf.append(" dnssec-policy ")
                        .append(quoted(policy))
                        .append("; inline-signing yes; key-directory ")
                        .append(quoted(keys.resolve(name).toAbsolutePath().toString()))
                        .append(";");
            }
            conf.append(transfers(secondaries.getOrDefault(name, List.of())));
            conf.append(" };\n");
        });
        return conf.toString();
    }

    /** The zone statement's notify, notify-delay, also-notify, allow-transfer and ixfr-from-differences. */
    static String transfers(List<Secondary> secondaries) {
        StringBuilder statements = new StringBuilder(" notify explicit; notify-delay 0;");
        List<String> notified = new ArrayList<>();
        Set<String> allowed = new LinkedHashSet<>();
        for (Secondary secondary : secondaries) {
            String key = secondary.key() == null ? "" : " key " + quoted(secondary.key());
            notified.add(secondary.address() + " port " + secondary.port() + key);
            allowed.add(secondary.key() == null ? secondary.address() : key.strip());
        }
        if (!notified.isEmpty()) {
            statements
                    .append(" also-notify { ")
                    .append(String.join("; ", notified))
                    .append("; };");
        }
        statements
                .append(" allow-transfer { ")
                .append(allowed.isEmpty() ? "none" : String.join("; ", allowed))
                .append("; };");
        return statements.append(" ixfr-from-differences yes;").toString();
    }

    /** A key's definition, as the file that only the nameserver may read holds it. */
    static String key(String name, String algorithm, String secretBase64) {
        return "key " + quoted(name) + " { algorithm " + algorithm + "; secret " + quoted(secretBase64) + "; };\n";
    }

    static String quoted(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
