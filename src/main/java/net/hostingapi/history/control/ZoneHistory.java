package net.hostingapi.history.control;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.hostingapi.accounts.control.CurrentCaller;
import net.hostingapi.accounts.entity.Right;
import net.hostingapi.history.entity.ZoneChangeEntry;
import net.hostingapi.platform.messages.control.ApiException;
import net.hostingapi.platform.messages.control.CommonMessages;
import net.hostingapi.platform.parameters.control.FieldUpdate;
import net.hostingapi.zones.control.editing.ZoneContent;
import net.hostingapi.zones.control.editing.ZoneEditOutcome;
import net.hostingapi.zones.control.editing.ZoneEditor;
import net.hostingapi.zones.control.editing.ZoneOperation;
import net.hostingapi.zones.control.names.ZoneNames;
import net.hostingapi.zones.control.records.RecordInput;
import net.hostingapi.zones.entity.RecordDraft;
import net.hostingapi.zones.entity.Zone;

/**
 * A zone's history, newest first, and putting a zone back to its state after an entry: from the
 * zone as it is, the entries after that one are undone, newest first (their added records
 * removed, their removed ones added back, their settings set to what they were before), and the
 * result is written as one new change (operation {@code restore}) through {@link ZoneEditor}, with
 * all it checks and publishes. A zone deleted since is created again.
 */
@Stateless
public class ZoneHistory {

    public static final int DEFAULT_LIMIT = 50;

    @PersistenceContext
    EntityManager em;

    @Inject
    CurrentCaller caller;

    @EJB
    ZoneEditor editor;

    /**
     * The entries of the account's zone of that name, newest first, older than {@code before} (an
     * entry id) when given. A name with neither a zone nor entries is 404, as is one outside the
     * token's zones.
     */
    @RolesAllowed(Right.Names.DNS_ZONES_LIST)
    public List<ZoneChangeEntry> list(String zone, Integer limit, Long before) {
        String name = visible(zone);
        List<ZoneChangeEntry> entries = em.createNamedQuery(ZoneChangeEntry.OF_ZONE, ZoneChangeEntry.class)
                .setParameter("account", caller.accountId())
                .setParameter("zone", name)
                .setParameter("before", before == null ? Long.MAX_VALUE : before)
                .setMaxResults(limit == null ? DEFAULT_LIMIT : limit)
                .getResultList();
        if (entries.isEmpty() && before == null && stored(name) == null) {
            throw ApiException.notFound("Zone");
        }
        return entries;
    }

    @RolesAllowed(Right.Names.DNS_ZONES_CRUD)
    public ZoneEditOutcome restore(String zone, long entryId) {
        String name = visible(zone);
        ZoneChangeEntry target = em.find(ZoneChangeEntry.class, entryId);
        if (target == null || !name.equals(target.zoneName()) || target.accountId() != caller.accountId()) {
            throw ApiException.notFound("History entry");
        }
        if (ZoneOperation.DELETE.wireName().equals(target.operation())) {
            throw ApiException.conflict(
                    CommonMessages.CONFLICT,
                    "After entry " + entryId + " the zone did not exist: choose an earlier entry");
        }
        Zone current = stored(name);
        Set<RecordDraft> records = new LinkedHashSet<>();
        Map<String, JsonValue> settings = new LinkedHashMap<>();
        if (current != null) {
            current.records().forEach(r -> records.add(new RecordDraft(r.name(), r.type(), r.data(), r.ttl())));
        }
        List<ZoneChangeEntry> newer = em.createQuery(
                        "SELECT e FROM ZoneChangeEntry e WHERE e.accountId = :account AND e.zoneName = :zone"
                                + " AND e.id > :entry ORDER BY e.id DESC",
                        ZoneChangeEntry.class)
                .setParameter("account", caller.accountId())
                .setParameter("zone", name)
                .setParameter("entry", entryId)
                .getResultList();
        for (ZoneChangeEntry entry : newer) {
            HistoryJson.drafts(entry.added()).forEach(records::remove);
            records.addAll(HistoryJson.drafts(entry.removed()));
            JsonObject changed = HistoryJson.object(entry.settings());
            changed.forEach((setting, change) ->
                    settings.put(setting, change.asJsonArray().get(0)));
        }
        List<RecordInput> inputs = new ArrayList<>();
        for (RecordDraft record : records) {
            inputs.add(new RecordInput(
                    record.name(),
                    record.ttl() == null ? FieldUpdate.cleared() : FieldUpdate.to(record.ttl()),
                    record.type(),
                    record.data()));
        }
        String hostmaster = text(settings.get("hostmaster"));
        Integer refresh = number(settings.get("refresh"));
        Integer retry = number(settings.get("retry"));
        Integer expire = number(settings.get("expire"));
        Integer ttl = number(settings.get("ttl"));
        return editor.write(
                name,
                current == null,
                new ZoneContent(hostmaster, refresh, retry, expire, ttl, inputs),
                ZoneOperation.RESTORE);
    }

    /** The zone's name as stored, if the token may see it at all. */
    private String visible(String zone) {
        String name;
        try {
            name = ZoneNames.normalize(zone).name();
        } catch (IllegalArgumentException e) {
            throw ApiException.notFound("Zone");
        }
        if (!caller.principal().policy().allowsZone(name)) {
            throw ApiException.notFound("Zone");
        }
        return name;
    }

    private Zone stored(String name) {
        return em.createNamedQuery(Zone.OF_ACCOUNT_BY_NAME, Zone.class)
                .setParameter("name", name)
                .setParameter("account", caller.accountId())
                .getResultStream()
                .findFirst()
                .orElse(null);
    }

    private static String text(JsonValue value) {
        return value == null || value == JsonValue.NULL ? null : ((jakarta.json.JsonString) value).getString();
    }

    private static Integer number(JsonValue value) {
        return value == null || value == JsonValue.NULL ? null : ((jakarta.json.JsonNumber) value).intValue();
    }
}
