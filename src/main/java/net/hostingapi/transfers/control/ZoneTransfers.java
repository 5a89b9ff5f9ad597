package net.hostingapi.transfers.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Logger;
import net.hostingapi.accounts.control.tsig.TsigSecrets;
import net.hostingapi.zones.entity.Zone;
import net.hostingapi.zones.entity.ZoneSecondary;

/**
 * The secondaries a zone is transferred to: the operator's fleet ({@code SECONDARY_NAMESERVERS},
 * with {@code SECONDARY_TSIG_KEY} when set) for every zone, then the zone's own, each with its
 * TSIG key's secret opened. A zone's secondary whose key no longer opens (its token deleted or
 * deactivated, the key encryption key changed) is left out: without its key it may not transfer.
 */
@ApplicationScoped
public class ZoneTransfers {

    private static final Logger LOG = Logger.getLogger(ZoneTransfers.class.getName());

    @Inject
    FleetSettings fleet;

    @Inject
    TsigSecrets secrets;

    @PersistenceContext
    EntityManager em;

    /** Everyone that follows the zone: the fleet first, then the zone's own secondaries. */
    public List<TransferTarget> of(Zone zone) {
        List<TransferTarget> targets = new ArrayList<>(fleet.secondaries());
        List<ZoneSecondary> own = zone.secondaries();
        if (own.isEmpty()) {
            return targets;
        }
        Map<String, Optional<TransferKey>> keys = new LinkedHashMap<>();
        for (ZoneSecondary secondary : own) {
            if (secondary.key() == null) {
                targets.add(new TransferTarget(secondary.address(), secondary.port(), null));
                continue;
            }
            Optional<TransferKey> key = keys.computeIfAbsent(secondary.key(), name -> key(name, zone));
            if (key.isPresent()) {
                targets.add(new TransferTarget(secondary.address(), secondary.port(), key.get()));
            } else {
                LOG.warning(() -> "Secondary " + secondary + " of " + zone.name()
                        + " left out: its TSIG key is not one of the account's usable keys");
            }
        }
        return targets;
    }

    /** The operator's fleet alone: the catalog zone is transferred to it and to no one else. */
    public List<TransferTarget> fleet() {
        return fleet.secondaries();
    }

    /** The named key of a usable token of the zone's account, its secret opened. */
    private Optional<TransferKey> key(String name, Zone zone) {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("SELECT t.tsig_algorithm, t.tsig_secret FROM api_tokens t"
                        + " JOIN users u ON u.id = t.user_id JOIN zones z ON z.account_id = u.account_id"
                        + " WHERE t.tsig_name = ? AND z.id = ? AND t.deactivated_at IS NULL")
                .setParameter(1, name)
                .setParameter(2, zone.id())
                .getResultList();
        if (rows.isEmpty()) {
            return Optional.empty();
        }
        String algorithm = (String) rows.get(0)[0];
        return secrets.open(name, (byte[]) rows.get(0)[1])
                .map(secret ->
                        new TransferKey(name, algorithm, Base64.getEncoder().encodeToString(secret)));
    }
}
