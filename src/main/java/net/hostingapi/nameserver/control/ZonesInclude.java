package net.hostingapi.nameserver.control;

import java.nio.file.Path;
import java.util.Map;

/**
 * {@code zones.conf}, the file BIND includes to learn the set of zones: one primary zone per zone
 * file. Names are validated LDH names and the path is ours; both are quoted and escaped anyway.
 */
final class ZonesInclude {

    static final String FILE_NAME = "zones.conf";

    private ZonesInclude() {}

    /** {@code zones}: zone name to its file, in the order wanted. */
    static String render(Map<String, Path> zones) {
        return render(zones, Map.of(), null);
    }

    /**
     * {@code policies}: the signed zones' dnssec-policy; such a zone is signed by named (inline
     * signing: our file stays unsigned) with its keys in a directory of its own under {@code keys}.
     */
    static String render(Map<String, Path> zones, Map<String, String> policies, Path keys) {
        StringBuilder conf =
                new StringBuilder("# Written by hosting-api after every zone created or deleted: do not edit.\n");
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
            conf.append(" };\n");
        });
        return conf.toString();
    }

    static String quoted(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
