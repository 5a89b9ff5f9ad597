package net.hostingapi.zones.control.settings;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** Zone defaults and limits from configuration (README, Configuration). */
@ApplicationScoped
public class ZoneSettings {

    public static final int DEFAULT_REFRESH = 43200;
    public static final int DEFAULT_RETRY = 7200;
    public static final int DEFAULT_EXPIRE = 1209600;
    public static final int DEFAULT_TTL = 300;

    @Inject
    @ConfigProperty(name = "DNS_NS_FIRST", defaultValue = "ns1.hostingapi.test")
    String nsFirst;

    @Inject
    @ConfigProperty(name = "DNS_NS_SECOND", defaultValue = "ns2.hostingapi.test")
    String nsSecond;

    /** The service's catalog zone (transfers area, FleetSettings): its name and the names below it are no customer's. */
    @Inject
    @ConfigProperty(name = "CATALOG_ZONE")
    Optional<String> catalogZone;

    /** Whether {@code name} (normalised) is the catalog zone's name or below it. */
    public boolean reservedForCatalog(String name) {
        return catalogZone
                .map(c -> c.strip().toLowerCase(java.util.Locale.ROOT).replaceAll("\\.$", ""))
                .filter(c -> !c.isEmpty())
                .map(c -> name.equals(c) || name.endsWith("." + c))
                .orElse(false);
    }

    /** Unset: {@code hostmaster@<zone>}. */
    @Inject
    @ConfigProperty(name = "DNS_HOSTMASTER")
    Optional<String> hostmaster;

    @Inject
    @ConfigProperty(name = "MAX_RECORDS_PER_REQUEST", defaultValue = "1000")
    int maxRecordsPerRequest;

    @Inject
    @ConfigProperty(name = "MAX_RECORDS_PER_ZONE", defaultValue = "10000")
    int maxRecordsPerZone;

    /** Where HTTP_REDIRECT and HTTP_FRAME names point: the web forwarder's addresses. */
    @Inject
    @ConfigProperty(name = "WEB_FORWARD_IPV4", defaultValue = "127.0.0.1")
    String webForwardIpv4;

    @Inject
    @ConfigProperty(name = "WEB_FORWARD_IPV6")
    Optional<String> webForwardIpv6;

    /** Run after a zone's file is written or deleted ({@code {zone}}: its name); unset, none. */
    @Inject
    @ConfigProperty(name = "ZONE_RELOAD_COMMAND")
    Optional<String> zoneReloadCommand;

    /** Run first when the set of zones changed (zones.conf rewritten), e.g. {@code rndc reconfig}. */
    @Inject
    @ConfigProperty(name = "ZONE_RECONFIG_COMMAND")
    Optional<String> zoneReconfigCommand;

    /** Longest run of either command; killed beyond it, and the nameserver counted unavailable. */
    @Inject
    @ConfigProperty(name = "ZONE_COMMAND_TIMEOUT_SECONDS", defaultValue = "10")
    int zoneCommandTimeoutSeconds;

    /** Octal mode of zone files and zones.conf: group-readable, for a nameserver in the files' group. */
    @Inject
    @ConfigProperty(name = "ZONE_FILE_MODE", defaultValue = "0640")
    String zoneFileMode;

    public String nsFirst() {
        return nsFirst;
    }

    public String nsSecond() {
        return nsSecond;
    }

    public String hostmasterFor(String zoneName) {
        return hostmaster.filter(h -> !h.isBlank()).orElse("hostmaster@" + zoneName);
    }

    public int maxRecordsPerRequest() {
        return maxRecordsPerRequest;
    }

    public int maxRecordsPerZone() {
        return maxRecordsPerZone;
    }

    public String webForwardIpv4() {
        return webForwardIpv4;
    }

    public Optional<String> webForwardIpv6() {
        return webForwardIpv6.filter(a -> !a.isBlank());
    }

    public Optional<String> zoneReloadCommand() {
        return zoneReloadCommand;
    }

    public Optional<String> zoneReconfigCommand() {
        return zoneReconfigCommand;
    }

    public java.time.Duration zoneCommandTimeout() {
        return java.time.Duration.ofSeconds(Math.max(1, zoneCommandTimeoutSeconds));
    }

    /** ZONE_FILE_MODE as permissions; IllegalArgumentException unless three or four octal digits (no special bits). */
    public java.util.Set<java.nio.file.attribute.PosixFilePermission> zoneFilePermissions() {
        String mode = zoneFileMode.strip();
        if (!mode.matches("0?[0-7]{3}")) {
            throw new IllegalArgumentException("ZONE_FILE_MODE must be an octal mode like 0640, not " + zoneFileMode);
        }
        int bits = Integer.parseInt(mode, 8);
        java.nio.file.attribute.PosixFilePermission[] order = {
            java.nio.file.attribute.PosixFilePermission.OWNER_READ,
                    java.nio.file.attribute.PosixFilePermission.OWNER_WRITE,
            java.nio.file.attribute.PosixFilePermission.OWNER_EXECUTE,
                    java.nio.file.attribute.PosixFilePermission.GROUP_READ,
            java.nio.file.attribute.PosixFilePermission.GROUP_WRITE,
                    java.nio.file.attribute.PosixFilePermission.GROUP_EXECUTE,
            java.nio.file.attribute.PosixFilePermission.OTHERS_READ,
                    java.nio.file.attribute.PosixFilePermission.OTHERS_WRITE,
            java.nio.file.attribute.PosixFilePermission.OTHERS_EXECUTE
        };
        java.util.Set<java.nio.file.attribute.PosixFilePermission> permissions =
                java.util.EnumSet.noneOf(java.nio.file.attribute.PosixFilePermission.class);
        for (int i = 0; i < order.length; i++) {
            if ((bits & (0400 >> i)) != 0) {
                permissions.add(order[i]);
            }
        }
        return permissions;
    }
}
