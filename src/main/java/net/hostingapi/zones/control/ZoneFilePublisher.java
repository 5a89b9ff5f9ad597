package net.hostingapi.zones.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Typed;
import jakarta.inject.Inject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;
import net.hostingapi.zones.entity.Zone;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Publishes zones as master files, one {@code <name>.zone} per zone and per assigned domain, in
 * ZONE_FILE_DIR. Each file is written beside its final name and renamed over it, so a nameserver
 * reloading at any moment reads either the old or the new zone, never half of one.
 */
@ApplicationScoped
@Typed(ZoneFilePublisher.class)
public class ZoneFilePublisher implements NameserverPublisher {

    @Inject
    @ConfigProperty(name = "ZONE_FILE_DIR")
    Optional<String> zoneFileDir;

    @Inject
    @ConfigProperty(name = "DATA_DIR", defaultValue = "./data")
    String dataDir;

    @Inject
    ZoneSettings settings;

    @Override
    public void publish(Zone zone, String origin) {
        try {
            Path directory = Files.createDirectories(directory());
            Path temporary = Files.createTempFile(directory, "." + origin, ".tmp");
            Files.writeString(temporary, ZoneFile.render(zone, origin, settings), StandardCharsets.UTF_8);
            Files.move(temporary, fileOf(origin), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new Unavailable("Cannot write the zone file of " + origin, e);
        }
    }

    @Override
    public void remove(String origin) {
        try {
            Files.deleteIfExists(fileOf(origin));
        } catch (IOException e) {
            throw new Unavailable("Cannot remove the zone file of " + origin, e);
        }
    }

    @Override
    public boolean isReachable() {
        try {
            return Files.isWritable(Files.createDirectories(directory()));
        } catch (IOException e) {
            return false;
        }
    }

    private Path fileOf(String origin) {
        return directory().resolve(origin + ".zone");
    }

    private Path directory() {
        return Path.of(zoneFileDir.filter(d -> !d.isBlank()).orElse(dataDir + "/zones")).toAbsolutePath().normalize();
    }
}
