package net.hostingapi.transfers.control.catalog;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * One zone of the catalog: {@code <label>.zones.<catalog> PTR <zone>.}. The label stands for one
 * life of the name as a zone of its own: derived from the row that serves it (a zone, or a domain
 * assigned to a zone) and its name, it stays the same as long as that row exists, and a zone
 * deleted and created again, or a domain assigned to another zone, gets a new one. RFC 9432 has a
 * consumer reset a member whose label changed: it drops its copy and transfers the zone afresh,
 * which a new zone needs, since its serial may be lower than the old one's.
 */
public record CatalogMember(String label, String zone) {

    /** Hex digits of the label: 64 bits of SHA-256, so labels of a million members do not collide. */
    static final int LABEL_LENGTH = 16;

    /** Where a served name comes from: a zone's own row, or a domain's row in zone_domains. */
    public enum Source {
        ZONE,
        DOMAIN
    }

    /** The member for the row {@code id} of {@code source} serving {@code zone} (lower case, no final dot). */
    public static CatalogMember of(Source source, long id, String zone) {
        return new CatalogMember(label(source, id, zone), zone);
    }

    static String label(Source source, long id, String zone) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                    .digest((source.name().toLowerCase(java.util.Locale.ROOT) + " " + id + " " + zone)
                            .getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest).substring(0, LABEL_LENGTH);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("Every Java runtime has SHA-256", e);
        }
    }
}
