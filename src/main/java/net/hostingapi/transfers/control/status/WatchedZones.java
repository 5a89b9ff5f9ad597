package net.hostingapi.transfers.control.status;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import net.hostingapi.accounts.control.CurrentCaller;
import net.hostingapi.accounts.entity.Right;
import net.hostingapi.platform.messages.control.ApiException;
import net.hostingapi.transfers.control.TransferTarget;
import net.hostingapi.transfers.control.ZoneTransfers;
import net.hostingapi.zones.control.ZoneAccess;
import net.hostingapi.zones.control.ZoneCatalog;
import net.hostingapi.zones.entity.Zone;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The caller's zone as its status is asked: the stored serial and the nameservers that serve it,
 * the primary (NAMESERVER_DNS_ADDRESS) first, then those the zone is transferred to. Read as a
 * show reads (another account's zone, or one outside the token's zones, is 404), without a
 * transaction: the nameservers are asked after this returns, with no connection held.
 */
@Stateless
public class WatchedZones {

    @PersistenceContext
    EntityManager em;

    @Inject
    CurrentCaller caller;

    @Inject
    ZoneAccess access;

    @Inject
    ZoneTransfers transfers;

    /** {@code host:port} (an IPv6 address in brackets) where the primary answers DNS. */
    @Inject
    @ConfigProperty(name = "NAMESERVER_DNS_ADDRESS", defaultValue = "127.0.0.1:53")
    String primaryAddress;

    @RolesAllowed(Right.Names.DNS_ZONES_LIST)
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public WatchedZone watched(String zoneName) {
        String name = ZoneCatalog.normalizedName(zoneName);
        access.requireZone(name);
        Zone zone = em.createNamedQuery(Zone.OF_ACCOUNT_BY_NAME, Zone.class)
                .setParameter("name", name)
                .setParameter("account", caller.accountId())
                .setHint("eclipselink.read-only", "true")
                .getResultStream()
                .findFirst()
                .orElseThrow(() -> ApiException.notFound("Zone"));
        return new WatchedZone(zone.name(), zone.serial(), servers(zone));
    }

    private List<WatchedServer> servers(Zone zone) {
        Set<String> fleet = transfers.fleet().stream().map(WatchedZones::label).collect(Collectors.toSet());
        // by label: a zone's secondary that is also the fleet's (or the primary) is asked once
        Map<String, WatchedServer> servers = new LinkedHashMap<>();
        WatchedServer primary = primary(primaryAddress);
        servers.put(primary.label(), primary);
        for (TransferTarget target : transfers.of(zone)) {
            ServerRole role = fleet.contains(label(target)) ? ServerRole.FLEET : ServerRole.SECONDARY;
            servers.putIfAbsent(label(target), new WatchedServer(role, target.address(), target.port()));
        }
        return new ArrayList<>(servers.values());
    }

    private static String label(TransferTarget target) {
        return target.address() + "#" + target.port();
    }

    /** {@code host:port}, {@code [v6]:port} or a host alone (port 53). */
    static WatchedServer primary(String address) {
        String text = address.strip();
        String host = text;
        int port = 53;
        int colon = text.lastIndexOf(':');
        if (text.startsWith("[")) {
            int close = text.indexOf(']');
            host = text.substring(1, close);
            if (close + 1 < text.length() && text.charAt(close + 1) == ':') {
                port = Integer.parseInt(text.substring(close + 2));
            }
        } else if (colon >= 0 && text.indexOf(':') == colon) {
            host = text.substring(0, colon);
            port = Integer.parseInt(text.substring(colon + 1));
        }
        return new WatchedServer(ServerRole.PRIMARY, host, port);
    }
}
