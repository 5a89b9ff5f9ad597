package net.hostingapi.transfers.control.catalog;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import net.hostingapi.zones.entity.RecordDraft;
import net.hostingapi.zones.entity.RecordType;
import net.hostingapi.zones.entity.SoaSettings;
import net.hostingapi.zones.entity.Zone;
import org.xbill.DNS.Name;
import org.xbill.DNS.TextParseException;

/**
 * What the catalog zone holds, its serial aside (RFC 9432, section 4): the SOA and NS of the apex,
 * {@code version TXT "2"}, and one {@code <label>.zones PTR <zone>.} per {@link CatalogMember},
 * ordered by label. {@link #digest} tells two contents apart, so that the serial rises exactly
 * when the content changed.
 */
public record CatalogContent(
        String name, SoaSettings soa, String nsFirst, String nsSecond, List<CatalogMember> members) {

    /** RFC 9432, section 4.2.1: the schema version a consumer checks before it reads anything else. */
    public static final String SCHEMA_VERSION = "2";

    /** The label under which the members are listed (RFC 9432, section 4.2). */
    public static final String MEMBERS = "zones";

    /**
     * The catalog's SOA timers: its consumers hear of a change by NOTIFY; one that missed it asks
     * again after five minutes, one that cannot reach the primary keeps the catalog, and with it
     * every member, for two weeks.
     */
    static final int REFRESH = 300;

    static final int RETRY = 60;
    static final int EXPIRE = 1_209_600;
    static final int TTL = 300;

    /**
     * @throws IllegalArgumentException when {@code name} is no DNS name (CATALOG_ZONE is checked
     *     only here, where it is first used)
     */
    public CatalogContent {
        requireName(name);
        members = members.stream()
                .sorted(Comparator.comparing(CatalogMember::label))
                .toList();
    }

    /** The catalog's SOA for the operator's hostmaster and nameservers: {@link #REFRESH} and its siblings. */
    public static SoaSettings soa(String hostmaster) {
        return new SoaSettings(hostmaster, REFRESH, RETRY, EXPIRE, TTL);
    }

    /**
     * The catalog as a zone the publishers take, with {@code serial}: not stored (no account, no
     * id), so that the transfers it is published with are the operator's fleet alone.
     */
    public Zone zone(long serial) {
        CatalogZone zone = new CatalogZone(name, soa, nsFirst, nsSecond, serial);
        long id = 1;
        zone.add(new RecordDraft("version", RecordType.TXT, SCHEMA_VERSION, null), id++);
        for (CatalogMember member : members) {
            zone.add(new RecordDraft(member.label() + "." + MEMBERS, RecordType.PTR, member.zone(), null), id++);
        }
        return zone;
    }

    /** SHA-256 of everything the zone holds but its serial, in hex. */
    public String digest() {
        StringBuilder text = new StringBuilder()
                .append(name)
                .append('\n')
                .append(String.join(
                        " ",
                        nsFirst,
                        nsSecond,
                        soa.hostmaster(),
                        Integer.toString(soa.refresh()),
                        Integer.toString(soa.retry()),
                        Integer.toString(soa.expire()),
                        Integer.toString(soa.ttl())))
                .append('\n')
                .append(SCHEMA_VERSION)
                .append('\n');
        for (CatalogMember member : members) {
            text.append(member.label()).append(' ').append(member.zone()).append('\n');
        }
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256")
                            .digest(text.toString().getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("Every Java runtime has SHA-256", e);
        }
    }

    private static void requireName(String name) {
        try {
            Name parsed = Name.fromString(name, Name.root);
            if (parsed.labels() < 2 || !parsed.toString(true).equals(name)) {
                throw new IllegalArgumentException("CATALOG_ZONE `" + name + "` is not a DNS name below the root");
            }
        } catch (TextParseException e) {
            throw new IllegalArgumentException("CATALOG_ZONE `" + name + "` is not a DNS name: " + e.getMessage(), e);
        }
    }

    /**
     * The catalog as a {@link Zone}, its serial its own: a zone's serial counts its changes from
     * the day's first ({@code YYYYMMDDnn}), the catalog's is the time of its last change ({@link
     * CatalogSerial}).
     */
    static final class CatalogZone extends Zone {

        private final long catalogSerial;

        CatalogZone(String name, SoaSettings soa, String nsFirst, String nsSecond, long serial) {
            super(null, name, name, soa, nsFirst, nsSecond);
            this.catalogSerial = serial;
        }

        @Override
        public long serial() {
            return catalogSerial;
        }
    }
}
