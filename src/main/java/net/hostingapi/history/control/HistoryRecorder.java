package net.hostingapi.history.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import net.hostingapi.accounts.control.ApiPrincipal;
import net.hostingapi.accounts.control.CurrentCaller;
import net.hostingapi.history.entity.ZoneChangeEntry;
import net.hostingapi.platform.database.control.RowInserts;
import net.hostingapi.zones.control.editing.ZoneEdited;

/**
 * Writes an entry for every zone change, synchronously and in the change's own transaction: a
 * change that rolls back leaves no entry, and no committed change lacks one.
 */
@ApplicationScoped
public class HistoryRecorder {

    @PersistenceContext
    EntityManager em;

    @Inject
    CurrentCaller caller;

    void record(@Observes ZoneEdited edit) {
        ApiPrincipal principal = caller.principal();
        ZoneChangeEntry entry = new ZoneChangeEntry(
                edit.accountId(),
                edit.zoneId(),
                edit.zoneName(),
                LocalDateTime.now(ZoneOffset.UTC),
                edit.operation().wireName(),
                principal.getName(),
                principal.tokenId(),
                principal.clientAddress(),
                principal.via(),
                principal.tsigKey(),
                HistoryJson.records(edit.added()),
                HistoryJson.records(edit.removed()),
                HistoryJson.settings(edit.settings()),
                edit.serialBefore(),
                edit.serialAfter(),
                edit.domain());
        RowInserts.insert(em, ZoneChangeEntry.INSERT, entry.insertValues());
    }
}
