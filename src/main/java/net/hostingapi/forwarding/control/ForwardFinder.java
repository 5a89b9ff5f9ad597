package net.hostingapi.forwarding.control;

import jakarta.ejb.Stateless;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import net.hostingapi.zones.control.names.RecordNames;
import net.hostingapi.zones.control.names.ZoneNames;
import net.hostingapi.zones.entity.AssignedDomain;
import net.hostingapi.zones.entity.Zone;
import net.hostingapi.zones.entity.ZoneRecord;

/** Finds the forwarding record for a host: in the zone (or assigned domain) that is its longest suffix, exact name first, then wildcard. */
@Stateless
public class ForwardFinder {

    /** The fingerprint of a host no zone and no assigned domain covers. */
    static final String NO_ZONE = "|";

    @PersistenceContext
    EntityManager em;

    public Optional<WebForwards.Forward> find(String host) {
        List<String> suffixes = suffixes(host);
        if (suffixes.isEmpty()) {
            return Optional.empty();
        }
        List<Object[]> origins = new ArrayList<>();
        em.createQuery("SELECT z FROM Zone z WHERE z.name IN :names", Zone.class)
                .setParameter("names", suffixes)
                .getResultList()
                .forEach(z -> origins.add(new Object[] {z.name(), z}));
        em.createQuery("SELECT d FROM AssignedDomain d WHERE d.name IN :names", AssignedDomain.class)
                .setParameter("names", suffixes)
                .getResultList()
                .forEach(d -> origins.add(new Object[] {d.name(), d.zone()}));
        return origins.stream()
                .max(Comparator.comparingInt(o -> ((String) o[0]).length()))
                .flatMap(o -> forwardIn((Zone) o[1], relative(host, (String) o[0])));
    }

    /**
     * What the host's forwarding depends on: id and version of every zone whose name, or whose
     * assigned domain, is a suffix of the host. Any committed change to those zones, and any zone
     * or domain that appears or goes, changes it; one indexed query, so it can be read per request.
     */
    public String fingerprint(String host) {
        List<String> suffixes = suffixes(host);
        if (suffixes.isEmpty()) {
            return "";
        }
        StringBuilder fingerprint = new StringBuilder();
        for (Object[] row : em.createQuery("SELECT z.id, z.version FROM Zone z WHERE z.name IN :names", Object[].class)
                .setParameter("names", suffixes)
                .getResultList()) {
            fingerprint.append(row[0]).append(':').append(row[1]).append(' ');
        }
        fingerprint.append(NO_ZONE);
        for (Object[] row : em.createQuery(
                        "SELECT d.name, d.zone.id, d.zone.version FROM AssignedDomain d WHERE d.name IN :names",
                        Object[].class)
                .setParameter("names", suffixes)
                .getResultList()) {
            fingerprint
                    .append(row[0])
                    .append(':')
                    .append(row[1])
                    .append(':')
                    .append(row[2])
                    .append(' ');
        }
        return fingerprint.toString();
    }

    /** The names a host may be forwarded by: itself and every parent with at least two labels. */
    private static List<String> suffixes(String host) {
        List<String> suffixes = new ArrayList<>();
        if (ZoneNames.isValidDomainName(host)) {
            for (String s = host; s.contains("."); s = s.substring(s.indexOf('.') + 1)) {
                suffixes.add(s);
            }
        }
        return suffixes;
    }

    private static Optional<WebForwards.Forward> forwardIn(Zone zone, String name) {
        String wildcard = name.equals(RecordNames.APEX)
                ? null
                : "*" + (name.contains(".") ? name.substring(name.indexOf('.')) : "");
        Optional<ZoneRecord> exact = forwarding(zone, name);
        return exact.or(() -> wildcard == null ? Optional.empty() : forwarding(zone, wildcard))
                .map(r -> new WebForwards.Forward(r.type(), r.data()));
    }

    private static Optional<ZoneRecord> forwarding(Zone zone, String name) {
        return zone.records().stream()
                .filter(r -> r.name().equals(name) && !r.type().isDnsType())
                .findFirst();
    }

    private static String relative(String host, String origin) {
        return host.equals(origin) ? RecordNames.APEX : host.substring(0, host.length() - origin.length() - 1);
    }
}
