package net.hostingapi.transfers.control.catalog;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.logging.Logger;
import net.hostingapi.transfers.control.FleetSettings;
import net.hostingapi.zones.control.settings.ZoneSettings;
import net.hostingapi.zones.entity.Zone;

/**
 * The catalog zone as stored now (CATALOG_ZONE, catalog.md): every zone and every assigned domain
 * the nameserver serves as a zone of its own is a member. Its serial and the digest of the content
 * it stands for are kept in {@code catalog_zones}, so that the serial rises with every change of the
 * content and never goes back, across restarts and instances: {@link #current} is called by the
 * publisher that holds the catalog name's lock row, the one place the row is written.
 */
@ApplicationScoped
public class Catalog {

    private static final Logger LOG = Logger.getLogger(Catalog.class.getName());

    @Inject
    FleetSettings fleet;

    @Inject
    ZoneSettings settings;

    @PersistenceContext
    EntityManager em;

    /** The catalog's name, when the service publishes one. */
    public Optional<String> name() {
        return fleet.catalogZone();
    }

    /** Whether {@code name} is the catalog's: it is published from here, whatever else has that name. */
    public boolean isCatalog(String name) {
        return fleet.catalogZone().filter(name::equals).isPresent();
    }

    /**
     * The catalog as it must be served now, its serial raised (in the caller's transaction) when
     * the content differs from the one the stored serial stands for. The caller holds the catalog
     * name's lock row and has read nothing before it took it.
     *
     * @throws IllegalStateException when no catalog is configured
     */
    public Zone current() {
        String name = fleet.catalogZone().orElseThrow(() -> new IllegalStateException("CATALOG_ZONE is not set"));
        CatalogContent content = new CatalogContent(
                name,
                CatalogContent.soa(settings.hostmasterFor(name)),
                settings.nsFirst(),
                settings.nsSecond(),
                members(name));
        return content.zone(serial(name, content.digest()));
    }

    /** Every zone and assigned domain, but one named like the catalog itself. */
    private List<CatalogMember> members(String catalog) {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery(
                        "SELECT 'ZONE', id, name FROM zones UNION ALL SELECT 'DOMAIN', id, name FROM zone_domains")
                .getResultList();
        List<CatalogMember> members = new ArrayList<>(rows.size());
        for (Object[] row : rows) {
            String zone = (String) row[2];
            if (zone.equals(catalog)) {
                // Customers cannot take that name (zones are refused it); one stored before the
                // catalog was configured is not served: the catalog is.
                LOG.warning(() -> "A " + row[0].toString().toLowerCase(java.util.Locale.ROOT) + " named " + zone
                        + " like the catalog zone (CATALOG_ZONE) is not served, the catalog is");
                continue;
            }
            members.add(CatalogMember.of(
                    CatalogMember.Source.valueOf((String) row[0]), ((Number) row[1]).longValue(), zone));
        }
        return members;
    }

    /** The stored serial, raised first when {@code digest} is not the one it stands for. */
    private long serial(String name, String digest) {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("SELECT serial, digest FROM catalog_zones WHERE name = ?")
                .setParameter(1, name)
                .getResultList();
        long now = Instant.now().getEpochSecond();
        LocalDateTime changedAt = LocalDateTime.now(ZoneOffset.UTC);
        if (rows.isEmpty()) {
            long serial = CatalogSerial.next(0, now);
            em.createNativeQuery("INSERT INTO catalog_zones (name, serial, digest, changed_at) VALUES (?, ?, ?, ?)")
                    .setParameter(1, name)
                    .setParameter(2, serial)
                    .setParameter(3, digest)
                    .setParameter(4, changedAt)
                    .executeUpdate();
            return serial;
        }
        long stored = ((Number) rows.get(0)[0]).longValue();
        if (digest.equals(rows.get(0)[1])) {
            return stored;
        }
        long serial = CatalogSerial.next(stored, now);
        em.createNativeQuery("UPDATE catalog_zones SET serial = ?, digest = ?, changed_at = ? WHERE name = ?")
                .setParameter(1, serial)
                .setParameter(2, digest)
                .setParameter(3, changedAt)
                .setParameter(4, name)
                .executeUpdate();
        return serial;
    }
}
