package net.hostingapi.zones.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Collection;
import java.util.Optional;
import net.hostingapi.zones.entity.AssignedDomain;
import net.hostingapi.zones.entity.Zone;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Publishes zones as master files, one {@code <name>.zone} per zone and per assigned domain, in
 * ZONE_FILE_DIR. Each file is written beside its final name and renamed over it, so a nameserver
 * reloading at any moment reads either the old or the new zone, never half of one.
 */
@ApplicationScoped
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
    public void publish(Zone zone) {
        write(zone.name(), ZoneFile.render(zone, settings));
        for (AssignedDomain domain : zone.domains()) {
            write(domain.name(), ZoneFile.render(zone, domain.name(), settings));
        }
    }

    @Override
    public void remove(String zoneName, Collection<String> assignedDomains) {
        try {
            Files.deleteIfExists(fileOf(zoneName));
            for (String domain : assignedDomains) {
                Files.deleteIfExists(fileOf(domain));
            }
        } catch (IOException e) {
            throw new Unavailable("Cannot remove the zone file of " + zoneName, e);
        }
    }

    public Path fileOf(String name) {
        return directory().resolve(name + ".zone");
    }

    private void write(String name, String content) {
        try {
            Path directory = Files.createDirectories(directory());
            Path temporary = Files.createTempFile(directory, "." + name, ".tmp");
            Files.writeString(temporary, content, StandardCharsets.UTF_8);
            Files.move(temporary, fileOf(name), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new Unavailable("Cannot write the zone file of " + name, e);
        }
    }

    private Path directory() {
        return Path.of(zoneFileDir.filter(d -> !d.isBlank()).orElse(dataDir + "/zones")).toAbsolutePath().normalize();
    }
}
