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
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import net.hostingapi.zones.control.ZoneFile;
import net.hostingapi.zones.control.ZoneSettings;
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

    @Override
    public void publish(Zone zone, String origin) {
        Path file = fileOf(origin);
        try {
            Path directory = Files.createDirectories(directory());
            Path temporary = Files.createTempFile(directory, "." + origin, ".tmp");
            Files.writeString(temporary, ZoneFile.render(zone, origin, settings), StandardCharsets.UTF_8);
            permit(temporary);
            boolean created = Files.notExists(file);
            Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            if (created || Files.notExists(directory.resolve(ZonesInclude.FILE_NAME))) {
                writeInclude(directory);
            }
        } catch (IOException e) {
            throw new Unavailable("Cannot write the zone file of " + origin, e);
        }
        reloadPending.add(origin);
        reconfigure(settings.zoneCommandTimeout());
        reload(origin, settings.zoneCommandTimeout());
    }

    @Override
    public void remove(String origin) {
        boolean existed;
        try {
            existed = Files.deleteIfExists(fileOf(origin));
            if (existed) {
                writeInclude(directory());
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
            Path temporary = Files.createTempFile(directory, "." + ZonesInclude.FILE_NAME, ".tmp");
            Files.writeString(temporary, ZonesInclude.render(zones), StandardCharsets.UTF_8);
            permit(temporary);
            Files.move(
                    temporary,
                    directory.resolve(ZonesInclude.FILE_NAME),
                    StandardCopyOption.ATOMIC_MOVE,
                    StandardCopyOption.REPLACE_EXISTING);
            reconfigPending = true;
        }
    }

    /** ZONE_FILE_MODE (a temporary file is created 0600, unreadable for a nameserver running as another user). */
    private void permit(Path file) throws IOException {
        Set<PosixFilePermission> permissions;
        try {
            permissions = settings.zoneFilePermissions();
        } catch (IllegalArgumentException e) {
            Files.deleteIfExists(file);
            throw new Unavailable(e.getMessage(), e);
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
