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
        StringBuilder conf =
                new StringBuilder("# Written by hosting-api after every zone created or deleted: do not edit.\n");
        zones.forEach((name, file) -> conf.append("zone ")
                .append(quoted(name))
                .append(" { type primary; file ")
                .append(quoted(file.toAbsolutePath().toString()))
                .append("; };\n"));
        return conf.toString();
    }

    static String quoted(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
