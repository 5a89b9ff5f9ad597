package net.hostingapi.nameserver.control;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import net.hostingapi.transfers.control.TransferTarget;

/**
 * The file beside a zone file that names the zone's secondaries, one a line: {@code address port}
 * or {@code address port key-name}, never a secret. zones.conf is written from the zone directory
 * alone, so that a restarted service writes the same file; the keys' secrets are in files of
 * their own that only the nameserver may read.
 */
final class SecondariesMarker {

    static final String SUFFIX = ".zone.secondaries";

    /** A secondary as zones.conf names it: NOTIFY to {@code address} {@code port}, signed with {@code key} (null: unsigned). */
    record Secondary(String address, int port, String key) {}

    /** An IP literal as we write them (validated before): nothing else reaches BIND's unquoted address fields. */
    private static final Pattern ADDRESS = Pattern.compile("[0-9A-Fa-f:.]+");

    /** A key name as TSIG names go: a DNS name of letters, digits, hyphens, underscores and dots. */
    static final Pattern KEY_NAME = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.-]*");

    private SecondariesMarker() {}

    /** The marker's text; empty for no secondaries. Each secondary once, in the order given. */
    static String text(List<TransferTarget> targets) {
        Set<String> lines = new LinkedHashSet<>();
        for (TransferTarget target : targets) {
            lines.add(target.address() + " " + target.port()
                    + (target.signed() ? " " + target.key().name() : ""));
        }
        return lines.isEmpty() ? "" : String.join("\n", lines) + "\n";
    }

    /** The secondaries of a marker's text; a line that is not one of ours is skipped. */
    static List<Secondary> parse(String text) {
        List<Secondary> secondaries = new ArrayList<>();
        for (String line : text.split("\n")) {
            String[] fields = line.strip().split(" ");
            if (fields.length < 2
                    || fields.length > 3
                    || !ADDRESS.matcher(fields[0]).matches()) {
                continue;
            }
            int port;
            try {
                port = Integer.parseInt(fields[1]);
            } catch (NumberFormatException e) {
                continue;
            }
            if (port < 1 || port > 65535) {
                continue;
            }
            String key = fields.length == 3 ? fields[2] : null;
            if (key != null && !KEY_NAME.matcher(key).matches()) {
                continue;
            }
            secondaries.add(new Secondary(fields[0], port, key));
        }
        return secondaries;
    }
}
