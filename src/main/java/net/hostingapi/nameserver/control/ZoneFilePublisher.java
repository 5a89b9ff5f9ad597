package net.hostingapi.nameserver.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Typed;
import jakarta.inject.Inject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import net.hostingapi.transfers.control.TransferKey;
import net.hostingapi.transfers.control.TransferTarget;
import net.hostingapi.transfers.control.ZoneTransfers;
import net.hostingapi.zones.control.dnssec.DnssecSettings;
import net.hostingapi.zones.control.masterfile.ZoneFile;
import net.hostingapi.zones.control.settings.ZoneSettings;
import net.hostingapi.zones.entity.Zone;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Publishes zones as master files, one {@code <name>.zone} per zone and per assigned domain, in
 * ZONE_FILE_DIR. Each file is written beside its final name and renamed over it, so a nameserver
 * reloading at any moment reads either the old or the new zone, never half of one.
 *
 * <p>Whenever a zone file is created or deleted, {@code zones.conf} (the set of zones, for BIND to
 * include) is rewritten the same way. Then the nameserver is told: ZONE_RECONFIG_COMMAND when the
 * set changed, ZONE_RELOAD_COMMAND for the zone. A command that fails counts as an unavailable
 * nameserver: the caller retries (outbox) or answers 503, and until the command succeeds again
 * (retried by the outbox, or by {@link #isReachable()} for /health) the nameserver is DOWN.
 *
 * <p>Each zone's secondaries ({@link ZoneTransfers}) are kept beside its file
 * ({@link SecondariesMarker}, no secrets) and their TSIG keys in {@code tsig/<name>.key}, one
 * file per key readable by the nameserver alone (ZONE_FILE_MODE without the others' bits);
 * zones.conf names both ({@link ZonesInclude}), and is rewritten, and the nameserver
 * reconfigured, whenever they change.
 */
@ApplicationScoped
@Typed(ZoneFilePublisher.class)
public class ZoneFilePublisher implements NameserverPublisher {

    /** /health runs the pending commands again, but waits for them no longer than this. */
    private static final Duration HEALTH_PROBE_TIMEOUT = Duration.ofSeconds(3);

    @Inject
    @ConfigProperty(name = "ZONE_FILE_DIR")
    Optional<String> zoneFileDir;

    @Inject
    @ConfigProperty(name = "DATA_DIR", defaultValue = "./data")
    String dataDir;

    @Inject
    ZoneSettings settings;

    /** Held while zones.conf is written and while the reconfig command runs: the last one runs after the last write. */
    private final Object zoneSet = new Object();

    /** Whether the nameserver may not know the set of zones in zones.conf (so at start too). */
    private boolean reconfigPending = true;

    /** Zones whose reload command has not succeeded since their file last changed. */
    private final Set<String> reloadPending = ConcurrentHashMap.newKeySet();

    @Inject
    DnssecSettings dnssec;

    @Inject
    ZoneTransfers transfers;

    /** Where the signing nameserver answers over DNS ({@code host:port}): the DS is computed from the DNSKEY it serves. */
    @Inject
    @ConfigProperty(name = "NAMESERVER_DNS_ADDRESS", defaultValue = "127.0.0.1:53")
    String dnsAddress;

    @Override
    public void publish(Zone zone, String origin, Signing signing) {
        Path file = fileOf(origin);
        List<TransferTarget> targets = transfers.of(zone);
        try {
            Path directory = Files.createDirectories(directory());
            Path temporary = Files.createTempFile(directory, "." + origin, ".tmp");
            String text = ZoneFile.render(zone, origin, settings);
            if (signing == Signing.WITHDRAW) {
                // RFC 8078's delete records, signed by the nameserver along with the rest
                text += origin + ". " + zone.ttl() + " IN CDS " + Signing.DELETE_CDS + "\n" + origin + ". " + zone.ttl()
                        + " IN CDNSKEY " + Signing.DELETE_CDNSKEY + "\n";
            }
            Files.writeString(temporary, text, StandardCharsets.UTF_8);
            permit(temporary);
            boolean created = Files.notExists(file);
            Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            boolean signingChanged = signing != Signing.NONE && mark(directory, origin, signing.signed());
            synchronized (zoneSet) {
                // with zones.conf's writing, which removes the key files no marker names: not
                // one that another publication wrote before its marker
                boolean secondariesChanged = markSecondaries(directory, origin, targets);
                if (created
                        || signingChanged
                        || secondariesChanged
                        || Files.notExists(directory.resolve(ZonesInclude.FILE_NAME))) {
                    writeInclude(directory);
                }
            }
        } catch (IOException e) {
            throw new Unavailable("Cannot write the zone file of " + origin, e);
        }
        reloadPending.add(origin);
        reconfigure(settings.zoneCommandTimeout());
        reload(origin, settings.zoneCommandTimeout());
        if (signing == Signing.UNSIGN) {
            // once the nameserver no longer signs it (reconfigured above)
            try {
                forgetKeys(directory(), origin);
            } catch (IOException e) {
                throw new Unavailable("Cannot remove the signing files of " + origin, e);
            }
        }
    }

    /**
     * A signed zone has a marker file beside its zone file naming its policy: zones.conf is written
     * from the directory alone. Tells whether the zone's signing changed.
     */
    private boolean mark(Path directory, String origin, boolean signed) throws IOException {
        Path marker = directory.resolve(origin + SIGNED_MARKER);
        if (signed) {
            if (Files.exists(marker) && Files.readString(marker).strip().equals(dnssec.policy())) {
                return false;
            }
            Files.writeString(marker, dnssec.policy() + "\n", StandardCharsets.UTF_8);
            return true;
        }
        return Files.deleteIfExists(marker);
    }

    /**
     * The zone's secondaries in the marker beside its file (removed when none) and each one's
     * key in its key file; tells whether either changed (zones.conf is rewritten, and the
     * nameserver reconfigured: a key is configuration too).
     */
    private boolean markSecondaries(Path directory, String origin, List<TransferTarget> targets) throws IOException {
        boolean changed = false;
        Map<String, TransferKey> keys = new LinkedHashMap<>();
        for (TransferTarget target : targets) {
            if (target.signed()) {
                keys.putIfAbsent(target.key().name(), target.key());
            }
        }
        for (TransferKey key : keys.values()) {
            changed |= writeKey(directory, key);
        }
        Path marker = directory.resolve(origin + SecondariesMarker.SUFFIX);
        String text = SecondariesMarker.text(targets);
        if (text.isEmpty()) {
            return Files.deleteIfExists(marker) || changed;
        }
        if (Files.exists(marker) && Files.readString(marker).equals(text)) {
            return changed;
        }
        writeAtomically(directory, marker, text, permissions());
        return true;
    }

    /**
     * A key's definition in {@code tsig/<file>.key}, unless it holds that already; tells whether
     * it wrote it. Readable by the nameserver alone: ZONE_FILE_MODE without the others' bits.
     */
    private boolean writeKey(Path directory, TransferKey key) throws IOException {
        if (!SecondariesMarker.KEY_NAME.matcher(key.name()).matches()
                || !key.algorithm().matches("[a-z0-9-]+")) {
            throw new Unavailable(
                    "The TSIG key " + key + " cannot be written into the nameserver's configuration", null);
        }
        Path file = keyFile(directory, key.name());
        String text = ZonesInclude.key(key.name(), key.algorithm(), key.secretBase64());
        if (Files.exists(file) && Files.readString(file).equals(text)) {
            return false;
        }
        Set<PosixFilePermission> permissions = EnumSet.noneOf(PosixFilePermission.class);
        permissions.addAll(permissions());
        permissions.removeAll(EnumSet.of(
                PosixFilePermission.OTHERS_READ, PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_EXECUTE));
        writeAtomically(Files.createDirectories(file.getParent()), file, text, permissions);
        return true;
    }

    /** Under the zone directory, one file per TSIG key of a secondary. */
    static final String TSIG_DIRECTORY = "tsig";

    /** The file of a key: its name, or for a name that is no file name, the name's bytes in hex. */
    static Path keyFile(Path directory, String name) {
        String file = name.matches("[a-z0-9][a-z0-9_.-]*")
                ? name
                : HexFormat.of().formatHex(name.getBytes(StandardCharsets.UTF_8));
        return directory.resolve(TSIG_DIRECTORY).resolve(file + ".key");
    }

    /**
     * Written beside its final name (created 0600: no one else reads a key's secret meanwhile),
     * given {@code permissions}, then renamed over it.
     */
    private static void writeAtomically(Path directory, Path file, String text, Set<PosixFilePermission> permissions)
            throws IOException {
        Path temporary = Files.createTempFile(directory, "." + file.getFileName(), ".tmp");
        try {
            Files.writeString(temporary, text, StandardCharsets.UTF_8);
            try {
                Files.setPosixFilePermissions(temporary, permissions);
            } catch (UnsupportedOperationException e) {
                // not a POSIX file system: its own defaults apply
            }
            Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(temporary);
        }
    }

    /**
     * Nothing of the zone's signing left behind: named's signed copy and journals beside the zone
     * file, and the keys in the zone's key directory (the private keys are named's, never ours to read).
     */
    private void forgetKeys(Path directory, String origin) throws IOException {
        Path keys = directory.resolve(KEY_DIRECTORY).resolve(origin);
        if (Files.isDirectory(keys)) {
            try (Stream<Path> files = Files.walk(keys)) {
                for (Path f : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(f);
                }
            }
        }
        for (String suffix : List.of(".zone.signed", ".zone.signed.jnl", ".zone.jnl", ".zone.jbk")) {
            Files.deleteIfExists(directory.resolve(origin + suffix));
        }
    }

    /** Served signed: the DNSKEY RRset the nameserver answers at NAMESERVER_DNS_ADDRESS, with the DS computed from it. */
    @Override
    public List<PublicKey> keys(String origin) {
        return ServedKeys.query(dnsAddress, origin);
    }

    static final String SIGNED_MARKER = ".zone.dnssec";

    /** Under the zone directory, one directory of keys per signed zone (the zone's key-directory). */
    static final String KEY_DIRECTORY = "keys";

    @Override
    public void remove(String origin) {
        boolean existed;
        try {
            Path directory = directory();
            existed = Files.deleteIfExists(fileOf(origin));
            boolean signed = Files.deleteIfExists(directory.resolve(origin + SIGNED_MARKER));
            boolean secondaries = Files.deleteIfExists(directory.resolve(origin + SecondariesMarker.SUFFIX));
            if (existed || signed || secondaries) {
                writeInclude(directory);
            }
        } catch (IOException e) {
            throw new Unavailable("Cannot remove the zone file of " + origin, e);
        }
        Optional<ZoneCommand> reconfig = ZoneCommand.of(settings.zoneReconfigCommand());
        if (reconfig.isPresent()) {
            // the reconfiguration drops the zone; a reload naming it would fail ("not found")
            reloadPending.remove(origin);
            reconfigure(settings.zoneCommandTimeout());
        } else {
            if (existed) {
                reloadPending.add(origin);
            }
            if (reloadPending.contains(origin)) {
                reload(origin, settings.zoneCommandTimeout());
            }
        }
        // a deleted signed zone leaves no keys behind (also when an earlier attempt removed the marker)
        try {
            forgetKeys(directory(), origin);
        } catch (IOException e) {
            throw new Unavailable("Cannot remove the signing files of " + origin, e);
        }
    }

    @Override
    public String kind() {
        return "zone-files";
    }

    /** The directory is writable and every command pending (failed earlier) succeeds now. */
    @Override
    public boolean isReachable() {
        try {
            if (!Files.isWritable(Files.createDirectories(directory()))) {
                return false;
            }
        } catch (IOException e) {
            return false;
        }
        Duration timeout = settings.zoneCommandTimeout().compareTo(HEALTH_PROBE_TIMEOUT) < 0
                ? settings.zoneCommandTimeout()
                : HEALTH_PROBE_TIMEOUT;
        try {
            reconfigure(timeout);
            for (String origin : List.copyOf(reloadPending)) {
                reload(origin, timeout);
            }
            return true;
        } catch (Unavailable e) {
            return false;
        }
    }

    private void reconfigure(Duration timeout) {
        Optional<ZoneCommand> reconfig = ZoneCommand.of(settings.zoneReconfigCommand());
        if (reconfig.isEmpty()) {
            return;
        }
        synchronized (zoneSet) {
            if (reconfigPending) {
                reconfig.get().run(null, timeout);
                reconfigPending = false;
            }
        }
    }

    private void reload(String origin, Duration timeout) {
        Optional<ZoneCommand> reload = ZoneCommand.of(settings.zoneReloadCommand());
        if (reload.isPresent()) {
            reload.get().run(origin, timeout);
        }
        reloadPending.remove(origin);
    }

    /** Rewrites zones.conf from the zone files present (listed under the lock, so after the caller's own change). */
    private void writeInclude(Path directory) throws IOException {
        synchronized (zoneSet) {
            Map<String, Path> zones = new TreeMap<>();
            Map<String, String> policies = new TreeMap<>();
            try (Stream<Path> files = Files.list(directory)) {
                for (Path f : files.filter(f -> f.getFileName().toString().endsWith(SIGNED_MARKER))
                        .toList()) {
                    String name = f.getFileName().toString();
                    policies.put(
                            name.substring(0, name.length() - SIGNED_MARKER.length()),
                            Files.readString(f).strip());
                }
            }
            try (Stream<Path> files = Files.list(directory)) {
                files.filter(f -> {
                            String name = f.getFileName().toString();
                            return name.endsWith(".zone") && !name.startsWith(".") && Files.isRegularFile(f);
                        })
                        .forEach(f -> {
                            String name = f.getFileName().toString();
                            zones.put(name.substring(0, name.length() - ".zone".length()), f);
                        });
            }
            Map<String, List<SecondariesMarker.Secondary>> secondaries = new TreeMap<>();
            Set<Path> keyFiles = new LinkedHashSet<>();
            try (Stream<Path> files = Files.list(directory)) {
                for (Path f : files.filter(f -> f.getFileName().toString().endsWith(SecondariesMarker.SUFFIX))
                        .toList()) {
                    String name = f.getFileName().toString();
                    String zone = name.substring(0, name.length() - SecondariesMarker.SUFFIX.length());
                    if (!zones.containsKey(zone)) {
                        continue;
                    }
                    List<SecondariesMarker.Secondary> listed = new ArrayList<>();
                    for (SecondariesMarker.Secondary secondary : SecondariesMarker.parse(Files.readString(f))) {
                        if (secondary.key() != null) {
                            Path keyFile = keyFile(directory, secondary.key());
                            if (!Files.exists(keyFile)) {
                                // no include of a missing file, on which named would fail to start:
                                // the secondary is left out until a publication writes its key
                                continue;
                            }
                            keyFiles.add(keyFile);
                        }
                        listed.add(secondary);
                    }
                    secondaries.put(zone, listed);
                }
            }
            Path temporary = Files.createTempFile(directory, "." + ZonesInclude.FILE_NAME, ".tmp");
            for (String signed : policies.keySet()) {
                if (zones.containsKey(signed)) {
                    Files.createDirectories(directory.resolve(KEY_DIRECTORY).resolve(signed));
                }
            }
            Files.writeString(
                    temporary,
                    ZonesInclude.render(zones, policies, directory.resolve(KEY_DIRECTORY), secondaries, keyFiles),
                    StandardCharsets.UTF_8);
            permit(temporary);
            Files.move(
                    temporary,
                    directory.resolve(ZonesInclude.FILE_NAME),
                    StandardCopyOption.ATOMIC_MOVE,
                    StandardCopyOption.REPLACE_EXISTING);
            reconfigPending = true;
            forgetUnusedKeys(directory, keyFiles);
        }
    }

    /** A key no zone names any more leaves no secret behind (zones.conf no longer includes it). */
    private static void forgetUnusedKeys(Path directory, Set<Path> used) throws IOException {
        Path tsig = directory.resolve(TSIG_DIRECTORY);
        if (!Files.isDirectory(tsig)) {
            return;
        }
        try (Stream<Path> files = Files.list(tsig)) {
            for (Path f : files.filter(f -> f.getFileName().toString().endsWith(".key"))
                    .toList()) {
                if (!used.contains(f)) {
                    Files.deleteIfExists(f);
                }
            }
        }
    }

    /** ZONE_FILE_MODE; a malformed one makes the nameserver unavailable (its message says why). */
    private Set<PosixFilePermission> permissions() {
        try {
            return settings.zoneFilePermissions();
        } catch (IllegalArgumentException e) {
            throw new Unavailable(e.getMessage(), e);
        }
    }

    /** ZONE_FILE_MODE (a temporary file is created 0600, unreadable for a nameserver running as another user). */
    private void permit(Path file) throws IOException {
        Set<PosixFilePermission> permissions;
        try {
            permissions = permissions();
        } catch (Unavailable e) {
            Files.deleteIfExists(file);
            throw e;
        }
        try {
            Files.setPosixFilePermissions(file, permissions);
        } catch (UnsupportedOperationException e) {
            // not a POSIX file system: its own defaults apply
        }
    }

    private Path fileOf(String origin) {
        return directory().resolve(origin + ".zone");
    }

    private Path directory() {
        return Path.of(zoneFileDir.filter(d -> !d.isBlank()).orElse(dataDir + "/zones"))
                .toAbsolutePath()
                .normalize();
    }
}
