package net.hostingapi.zones.control.editing;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.PersistenceException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import net.hostingapi.accounts.control.AccountReferences;
import net.hostingapi.accounts.control.CurrentCaller;
import net.hostingapi.accounts.entity.Account;
import net.hostingapi.accounts.entity.ApiUser;
import net.hostingapi.accounts.entity.Project;
import net.hostingapi.accounts.entity.Right;
import net.hostingapi.platform.database.control.DeadlockRetry;
import net.hostingapi.platform.messages.control.ApiException;
import net.hostingapi.platform.messages.control.CommonMessages;
import net.hostingapi.platform.messages.control.Message;
import net.hostingapi.platform.messages.control.Violations;
import net.hostingapi.platform.parameters.control.FieldUpdate;
import net.hostingapi.zones.control.RefreshRequested;
import net.hostingapi.zones.control.ZoneAccess;
import net.hostingapi.zones.control.ZoneCatalog;
import net.hostingapi.zones.control.ZoneMessages;
import net.hostingapi.zones.control.ZoneSetChanged;
import net.hostingapi.zones.control.ZoneState;
import net.hostingapi.zones.control.ZoneTags;
import net.hostingapi.zones.control.ZonesChanged;
import net.hostingapi.zones.control.claims.NameClaims;
import net.hostingapi.zones.control.dnssec.DnssecSettings;
import net.hostingapi.zones.control.names.ZoneNames;
import net.hostingapi.zones.control.records.RecordDelta;
import net.hostingapi.zones.control.records.RecordIds;
import net.hostingapi.zones.control.records.RecordInput;
import net.hostingapi.zones.control.records.RecordMatcher;
import net.hostingapi.zones.control.records.RecordSelector;
import net.hostingapi.zones.control.records.RecordValidator;
import net.hostingapi.zones.control.records.RrsetChange;
import net.hostingapi.zones.control.records.Rrsets;
import net.hostingapi.zones.control.secondaries.SecondaryRules;
import net.hostingapi.zones.control.settings.ZoneSettings;
import net.hostingapi.zones.entity.AssignedDomain;
import net.hostingapi.zones.entity.RecordDraft;
import net.hostingapi.zones.entity.RecordType;
import net.hostingapi.zones.entity.SoaSettings;
import net.hostingapi.zones.entity.Zone;
import net.hostingapi.zones.entity.ZoneDnssec;
import net.hostingapi.zones.entity.ZoneRecord;
import net.hostingapi.zones.entity.ZoneSecondary;

/**
 * Every change to the caller's zones. Each method is one transaction: a request with one invalid
 * record stores nothing. Writers of one zone take its row lock first, so concurrent changes queue
 * up rather than overwrite each other; the zone's version column catches anything else (409).
 */
@Stateless
public class ZoneEditor {

    @PersistenceContext
    EntityManager em;

    @Inject
    CurrentCaller caller;

    @Inject
    AccountReferences references;

    @Inject
    ZoneSettings settings;

    @Inject
    Event<ZonesChanged> changes;

    @Inject
    Event<RefreshRequested> refreshRequested;

    @EJB
    NameClaims claims;

    @Inject
    ZoneAccess access;

    @Inject
    Event<ZoneEdited> edits;

    /** An addition, fired in its transaction for what builds on the state it left (see {@link ZoneEditOutcome}). */
    @Inject
    Event<ZoneEditOutcome> additions;

    @Inject
    RecordIds recordIds;

    @Inject
    ZoneRecordCounts recordCounts;

    @Inject
    DnssecSettings dnssecSettings;

    @Inject
    SecondaryRules secondaryRules;

    @Inject
    Event<ZoneSetChanged> zoneSet;

    @Inject
    ZoneTags tags;

    @RolesAllowed(Right.Names.DNS_ZONES_CRUD)
    public ZoneEditOutcome create(NewZone input, Violations violations) {
        return create(input, violations, ZoneOperation.CREATE);
    }

    /** Create, on behalf of {@code operation} (an import creates zones too). */
    @RolesAllowed(Right.Names.DNS_ZONES_CRUD)
    public ZoneEditOutcome create(NewZone input, Violations violations, ZoneOperation operation) {
        ZoneNames.ZoneName name = null;
        try {
            name = input.name() == null ? null : ZoneNames.normalize(input.name());
        } catch (IllegalArgumentException e) {
            violations.at("name").add(CommonMessages.FIELD_INVALID, e.getMessage());
        }
        List<RecordInput> inputs = input.records() == null ? List.of() : input.records();
        List<RecordDraft> drafts = name == null
                ? List.of()
                : RecordValidator.drafts(inputs, name.name(), RecordType.Operation.CREATE, violations);
        RecordValidator.checkNames(List.of(), drafts, violations);
        RecordValidator.checkLimits(inputs.size(), inputs.size(), settings, violations);
        List<ZoneSecondary> secondaries = input.secondaries() == null
                ? List.of()
                : secondaryRules.check(input.secondaries(), caller.accountId(), violations);
        violations.throwIfAny();
        tags.requireNoIfMatch();
        access.requireWholeZone("create zones");
        access.requireCreatable(name.name());
        NameClaims.requireNotPublicSuffix(name, "name");
        requireNotCatalog(name.name(), "name");
        ApiUser user = references.user("user", input.user());
        FieldUpdate<Project> project = references.project("project_uuid", input.projectUuid());
        claims.claim(name.name(), caller.accountId());
        Zone zone = new Zone(
                em.find(Account.class, caller.accountId()),
                name.name(),
                name.unicode(),
                new SoaSettings(
                        input.hostmaster() != null ? input.hostmaster() : settings.hostmasterFor(name.name()),
                        Objects.requireNonNullElse(input.refresh(), ZoneSettings.DEFAULT_REFRESH),
                        Objects.requireNonNullElse(input.retry(), ZoneSettings.DEFAULT_RETRY),
                        Objects.requireNonNullElse(input.expire(), ZoneSettings.DEFAULT_EXPIRE),
                        Objects.requireNonNullElse(input.ttl(), ZoneSettings.DEFAULT_TTL)),
                settings.nsFirst(),
                settings.nsSecond());
        zone.assignTo(user);
        zone.assignTo(project.value());
        zone.transferTo(secondaries);
        List<Message> warnings = new ArrayList<>();
        List<RecordDraft> merged = merge(drafts, inputs, warnings);
        merged.forEach(draft -> zone.add(draft, recordIds.next()));
        em.persist(zone);
        flushClaiming();
        if (dnssecSettings.signNewZones()) {
            // DNSSEC_DEFAULT=on: signed from the start, published with the zone
            ZoneDnssec dnssec = new ZoneDnssec(zone.id());
            dnssec.enable();
            em.persist(dnssec);
        }
        edited(zone, operation, null, null, merged, List.of(), null);
        changes.fire(ZonesChanged.of(List.of(zone.name())));
        zoneSet.fire(new ZoneSetChanged(zone.name()));
        return new ZoneEditOutcome(zone, warnings);
    }

    /**
     * A change that would leave the zone as it is (only {@code zone}, or values equal to the stored
     * ones) stores nothing, keeps the serial and publishes nothing: a warning says so. Given
     * records equal to the stored ones (name, type, data and TTL, in any order) leave the records,
     * and their ids, alone.
     */
    @RolesAllowed(Right.Names.DNS_ZONES_CRUD)
    public ZoneEditOutcome update(ZoneChanges input, Violations violations) {
        return update(input, violations, ZoneOperation.UPDATE);
    }

    /** Update, on behalf of {@code operation} (import and restore replace a zone's content this way). */
    @RolesAllowed(Right.Names.DNS_ZONES_CRUD)
    public ZoneEditOutcome update(ZoneChanges input, Violations violations, ZoneOperation operation) {
        Zone zone = locked(input.zone());
        Map<String, Object> settingsBefore = settingsOf(zone);
        long serialBefore = zone.serial();
        List<RecordDraft> drafts = null;
        if (input.records() != null) {
            drafts = RecordValidator.drafts(input.records(), zone.name(), RecordType.Operation.UPDATE, violations);
            RecordValidator.checkNames(List.of(), drafts, violations);
            RecordValidator.checkLimits(drafts.size(), drafts.size(), settings, violations);
        }
        List<ZoneSecondary> secondaries = input.secondaries() == null
                ? null
                : secondaryRules.check(input.secondaries(), caller.accountId(), violations);
        violations.throwIfAny();
        if (input.changesSettings()) {
            access.requireWholeZone("change the zone's settings, user or project");
        }
        List<Message> warnings = new ArrayList<>();
        RecordDelta delta = new RecordDelta(List.of(), List.of());
        if (drafts != null) {
            claims.requireNoForeignNames(
                    zone.name(),
                    drafts.stream()
                            .filter(Objects::nonNull)
                            .map(RecordDraft::name)
                            .toList(),
                    caller.accountId());
            drafts = merge(drafts, input.records(), warnings);
            if (sameRecords(zone.records(), drafts)) {
                drafts = null;
            } else {
                delta = RecordDelta.between(
                        zone.records().stream().map(ZoneEditor::draftOf).toList(), drafts);
                // Each record removed or added must lie within the token's policy.
                access.requireDrafts(delta.all());
            }
        }
        ApiUser user = references.user("user", input.user());
        FieldUpdate<Project> project = references.project("project_uuid", input.projectUuid());
        boolean changed =
                zone.configure(input.hostmaster(), input.refresh(), input.retry(), input.expire(), input.ttl());
        if (user != null
                && (zone.user() == null || !user.id().equals(zone.user().id()))) {
            zone.assignTo(user);
            changed = true;
        }
        if (project.isGiven()
                && !Objects.equals(
                        project.map(Project::id).value(),
                        zone.project() == null ? null : zone.project().id())) {
            zone.assignTo(project.value());
            changed = true;
        }
        if (secondaries != null && zone.transferTo(secondaries)) {
            changed = true;
        }
        if (drafts != null) {
            zone.replaceRecords(drafts, recordIds::next);
            changed = true;
        }
        if (!changed) {
            warnings.add(Message.of(ZoneMessages.NOTHING_CHANGED));
            return new ZoneEditOutcome(zone, warnings);
        }
        zone.changed();
        em.flush();
        edited(zone, operation, settingsBefore, serialBefore, delta.added(), delta.removed(), null);
        changes.fire(ZonesChanged.of(served(zone)));
        return new ZoneEditOutcome(zone, warnings);
    }

    /**
     * Writes a zone's whole content as one change on behalf of {@code operation}: creates the zone
     * when the account has none of that name, else replaces the settings given and all records.
     */
    @RolesAllowed(Right.Names.DNS_ZONES_CRUD)
    public ZoneEditOutcome write(String zoneName, boolean create, ZoneContent content, ZoneOperation operation) {
        return create
                ? create(
                        new NewZone(
                                zoneName,
                                content.hostmaster(),
                                content.refresh(),
                                content.expire(),
                                content.retry(),
                                content.ttl(),
                                content.records(),
                                null,
                                FieldUpdate.absent(),
                                null),
                        new Violations(),
                        operation)
                : update(
                        new ZoneChanges(
                                zoneName,
                                content.hostmaster(),
                                content.refresh(),
                                content.expire(),
                                content.retry(),
                                content.ttl(),
                                content.records(),
                                null,
                                FieldUpdate.absent(),
                                null),
                        new Violations(),
                        operation);
    }

    /** The stored records equal these drafts as a set of name, type, data and TTL. */
    private static boolean sameRecords(List<ZoneRecord> stored, List<RecordDraft> drafts) {
        return stored.size() == drafts.size()
                && new java.util.HashSet<>(
                                stored.stream().map(ZoneEditor::draftOf).toList())
                        .equals(new java.util.HashSet<>(drafts));
    }

    /**
     * The records of a create or update with repetitions merged, as records/add treats them: one
     * equal in name, type and data to an earlier one adds nothing and is warned about (api.md,
     * DNS zones), unless it gives another TTL (a number, or null for the zone's), which then
     * replaces the earlier one's, with a warning naming the record. Without {@code ttl} it keeps the TTL.
     */
    private static List<RecordDraft> merge(List<RecordDraft> drafts, List<RecordInput> inputs, List<Message> warnings) {
        List<RecordDraft> result = new ArrayList<>();
        // position in result by name, type and data: a zone of thousands of records is merged in one pass
        Map<RecordDraft, Integer> positions = new java.util.HashMap<>();
        for (int i = 0; i < drafts.size(); i++) {
            RecordDraft draft = drafts.get(i);
            String path = "records[" + i + "]";
            Integer at = positions.putIfAbsent(draft.withoutTtl(), result.size());
            if (at == null) {
                result.add(draft);
            } else if (inputs.get(i).ttl().isGiven()
                    && !Objects.equals(result.get(at).ttl(), draft.ttl())) {
                warnings.add(ttlChanged(path, draft, result.get(at).ttl()));
                result.set(at, draft);
            } else {
                warnings.add(alreadyPresent(path));
            }
        }
        return result;
    }

    private static Message alreadyPresent(String path) {
        return Message.about(ZoneMessages.RECORD_ALREADY_PRESENT, path, ZoneMessages.RECORD_ALREADY_PRESENT.text());
    }

    private static Message ttlChanged(String path, RecordDraft draft, Integer before) {
        return Message.about(
                ZoneMessages.RECORD_TTL_CHANGED,
                path,
                "record already present (" + draft.name() + " " + draft.type() + " " + draft.data()
                        + "); its TTL changed from " + ttlText(before) + " to " + ttlText(draft.ttl()));
    }

    private static String ttlText(Integer ttl) {
        return ttl == null ? "the zone's" : ttl.toString();
    }

    /** Refuses (409) a zone that still has assigned domains, unless {@code forceDelete} dissociates them. */
    @RolesAllowed(Right.Names.DNS_ZONES_CRUD)
    public Zone delete(String zoneName, boolean forceDelete) {
        Zone zone = locked(zoneName);
        access.requireWholeZone("delete zones");
        List<String> domains = zone.domains().stream().map(AssignedDomain::name).toList();
        if (!domains.isEmpty() && !forceDelete) {
            throw ApiException.conflict(
                    ZoneMessages.STILL_IN_USE,
                    "The zone still has assigned domains " + domains + "; dissociate them or set forceDelete");
        }
        List<String> served = served(zone);
        List<RecordDraft> records =
                zone.records().stream().map(ZoneEditor::draftOf).toList();
        edits.fire(new ZoneEdited(
                caller.accountId(),
                zone.id(),
                zone.name(),
                ZoneOperation.DELETE,
                List.of(),
                records,
                settingsChanged(settingsOf(zone), null),
                zone.serial(),
                null,
                null));
        // One statement; the foreign keys delete the zone's records, domains and DNSSEC state with it.
        // Removed through the persistence context, every record was first read again (EclipseLink
        // checks that each object removed by a cascade exists): a zone of 1,000 records cost 1,000
        // SELECTs before its 1,000 DELETEs. Detached first, so that nothing of it is written at commit.
        em.detach(zone);
        zone.dissociateAll(); // as answered: without its domains
        em.createNativeQuery("DELETE FROM zones WHERE id = ?")
                .setParameter(1, zone.id())
                .executeUpdate();
        changes.fire(ZonesChanged.of(served));
        zoneSet.fire(new ZoneSetChanged(zone.name()));
        return zone;
    }

    /**
     * Reads only what the additions can collide with: the zone's records of the names added
     * (duplicates, CNAME rules) and the zone's record count (limit; as the last addition left it
     * while the zone has not changed otherwise, {@link ZoneRecordCounts}). Loading every record of
     * the zone under its lock took a third of an addition's time on zones of a few hundred records (JFR).
     */
    @RolesAllowed(Right.Names.DNS_ZONES_CRUD)
    public ZoneEditOutcome addRecords(String zoneName, List<RecordInput> inputs, Violations violations) {
        String name = ZoneCatalog.normalizedName(zoneName);
        List<RecordDraft> drafts = RecordValidator.drafts(inputs, name, RecordType.Operation.ADD, violations);
        List<String> names = drafts.stream()
                .filter(Objects::nonNull)
                .map(RecordDraft::name)
                .distinct()
                .toList();
        // asked with the lock, answered (409) only once the request is otherwise valid, as before
        AdditionLock.LockedZone locked = AdditionLock.lockedForAddition(
                em,
                name,
                caller.accountId(),
                names,
                NameClaims.foreignNames(name, names, caller.accountId()),
                recordCounts.remembered(name));
        Zone zone = locked.zone();
        access.requireZone(zone.name());
        tags.requireMatch(zone, locked.dnssec());
        ZoneState before = ZoneState.of(zone);
        long serialBefore = zone.serial();
        List<ZoneRecord> present = locked.namesPresent() ? sameNamed(zone, names) : List.of();
        RecordValidator.checkNames(present.stream().map(ZoneEditor::draftOf).toList(), drafts, violations);
        // not counted in the locking read: the zone is in the state an addition of this instance left (see
        // ZoneRecordCounts)
        long records = locked.records() >= 0 ? locked.records() : recordCounts.counted(zone, em);
        RecordValidator.checkLimits(inputs.size(), records + inputs.size(), settings, violations);
        violations.throwIfAny();
        access.requireDrafts(drafts);
        if (locked.foreignNames()) {
            throw NameClaims.taken();
        }
        List<Message> warnings = new ArrayList<>();
        List<ZoneRecord> added = new ArrayList<>();
        List<ZoneRecord> touched = new ArrayList<>();
        List<RecordDraft> retimedFrom = new ArrayList<>();
        List<RecordDraft> retimedTo = new ArrayList<>();
        boolean retimed = false;
        // the records of the added names by name, type and data: an addition of thousands in one pass
        Map<RecordDraft, ZoneRecord> byRecord = new java.util.HashMap<>();
        present.forEach(r -> byRecord.putIfAbsent(draftOf(r).withoutTtl(), r));
        for (int i = 0; i < drafts.size(); i++) {
            RecordDraft draft = drafts.get(i);
            String path = "records[" + i + "]";
            ZoneRecord same = byRecord.get(draft.withoutTtl());
            if (same == null) {
                ZoneRecord record = zone.add(draft, recordIds.next());
                byRecord.put(draft.withoutTtl(), record);
                added.add(record);
            } else if (inputs.get(i).ttl().isGiven() && !Objects.equals(same.ttl(), draft.ttl())) {
                // Clients retry with a new TTL and expect it to count (see merge).
                warnings.add(ttlChanged(path, draft, same.ttl()));
                retimedFrom.add(draftOf(same));
                same.changeTtl(draft.ttl());
                retimedTo.add(draftOf(same));
                touched.add(same);
                retimed = true;
            } else {
                warnings.add(alreadyPresent(path));
            }
        }
        // A changed record is no longer what the previous rendering holds: no before-state to build on.
        CompletableFuture<Boolean> committed = new CompletableFuture<>();
        ZoneEditOutcome changed = new ZoneEditOutcome(
                zone,
                warnings,
                retimed ? null : before,
                added,
                true,
                locked.dnssec(),
                records + added.size(),
                committed);
        if (!added.isEmpty() || retimed) {
            zone.changed();
            em.flush();
            List<RecordDraft> addedDrafts = new ArrayList<>(retimedTo);
            added.forEach(r -> addedDrafts.add(draftOf(r)));
            edited(zone, ZoneOperation.RECORDS_ADD, null, serialBefore, addedDrafts, retimedFrom, null);
            touched.addAll(added);
            changes.fire(ZonesChanged.ofRecords(served(zone), touched, settings));
            additions.fire(changed);
        }
        return changed;
    }

    private List<ZoneRecord> sameNamed(Zone zone, List<String> names) {
        return em.createNamedQuery(ZoneRecord.OF_ZONE_NAMED, ZoneRecord.class)
                .setParameter("zone", zone)
                .setParameter("names", names)
                .getResultList();
    }

    @RolesAllowed(Right.Names.DNS_ZONES_CRUD)
    public ZoneEditOutcome deleteRecords(String zoneName, List<RecordSelector> selectors, Violations violations) {
        Zone zone = locked(zoneName);
        List<RecordMatcher> matchers = new ArrayList<>();
        for (int i = 0; i < selectors.size(); i++) {
            matchers.add(RecordMatcher.of(
                    selectors.get(i), zone.name(), violations.at("records").at(i)));
        }
        violations.throwIfAny();
        long serialBefore = zone.serial();
        List<ZoneRecord> removed = zone.removeRecords(r -> matchers.stream().anyMatch(m -> m.matches(r)));
        // A selector that also matches records outside the policy refuses the request (rolled back).
        access.requireRecords(removed);
        if (removed.isEmpty()) {
            return new ZoneEditOutcome(zone, List.of(Message.of(ZoneMessages.NO_RECORD_MATCHED)));
        }
        zone.changed();
        em.flush();
        edited(
                zone,
                ZoneOperation.RECORDS_DELETE,
                null,
                serialBefore,
                List.of(),
                removed.stream().map(ZoneEditor::draftOf).toList(),
                null);
        changes.fire(ZonesChanged.ofRecords(served(zone), removed, settings));
        return new ZoneEditOutcome(zone, List.of());
    }

    /**
     * Changes records as one edit on behalf of {@code operation} (an RFC 2136 UPDATE): {@code edit}
     * is given the zone's records under its lock and answers them as they are to be. What it adds
     * and removes is checked as records/add and records/delete check it (names, limits, ownership,
     * the token's policy) and written with one serial raise and one history entry; records it keeps
     * keep their ids. An edit that changes nothing stores nothing and keeps the serial.
     */
    @RolesAllowed(Right.Names.DNS_ZONES_CRUD)
    public ZoneEditOutcome editRecords(String zoneName, RecordEdit edit, ZoneOperation operation) {
        Zone zone = locked(zoneName);
        long serialBefore = zone.serial();
        List<RecordDraft> before =
                zone.records().stream().map(ZoneEditor::draftOf).toList();
        List<RecordDraft> after = edit.apply(zone.name(), before);
        RecordDelta delta = RecordDelta.between(before, after);
        if (delta.added().isEmpty() && delta.removed().isEmpty()) {
            return new ZoneEditOutcome(zone, List.of(Message.of(ZoneMessages.NOTHING_CHANGED)));
        }
        Violations violations = new Violations();
        java.util.Set<RecordDraft> added = new java.util.HashSet<>(delta.added());
        RecordValidator.checkNames(
                after.stream().filter(d -> !added.contains(d)).toList(), delta.added(), violations);
        RecordValidator.checkLimits(delta.added().size(), after.size(), settings, violations);
        violations.throwIfAny();
        claims.requireNoForeignNames(
                zone.name(),
                delta.added().stream().map(RecordDraft::name).distinct().toList(),
                caller.accountId());
        access.requireDrafts(delta.all());
        java.util.Set<RecordDraft> removed = new java.util.HashSet<>(delta.removed());
        List<ZoneRecord> touched = new ArrayList<>(zone.removeRecords(r -> removed.contains(draftOf(r))));
        delta.added().forEach(draft -> touched.add(zone.add(draft, recordIds.next())));
        zone.changed();
        em.flush();
        edited(zone, operation, null, serialBefore, delta.added(), delta.removed(), null);
        changes.fire(ZonesChanged.ofRecords(served(zone), touched, settings));
        return new ZoneEditOutcome(zone, List.of());
    }

    /** Loads the zone onto the nameserver now; with {@code forceDelete} it is removed there first. */
    @RolesAllowed(Right.Names.DNS_ZONES_CRUD)
    public Zone refresh(String zoneName, boolean forceDelete) {
        Zone zone = ZoneCatalog.find(em, zoneName, caller.accountId());
        access.requireZone(zone.name());
        refreshRequested.fire(new RefreshRequested(served(zone), forceDelete));
        return zone;
    }

    /**
     * Binds a domain to the zone. A domain is bound to at most one zone across all accounts, and
     * like a zone's name it may not nest with another account's names ({@link NameClaims}). The
     * zone's own name is served already: nothing changes, a warning says so (its claim is the
     * zone's, which the claim check would take for another holder's).
     */
    @RolesAllowed(Right.Names.CALLER)
    public ZoneEditOutcome assignDomain(String zoneName, String domainName) {
        Zone zone = locked(zoneName);
        access.requireWholeZone("assign domains");
        ZoneNames.ZoneName domain = domainName(domainName);
        if (domain.name().equals(zone.name())) {
            return new ZoneEditOutcome(
                    zone, List.of(Message.about(ZoneMessages.ZONE_OWN_NAME, "domainName", OWN_NAME)));
        }
        if (zone.isAssigned(domain.name())) {
            return new ZoneEditOutcome(zone, List.of());
        }
        NameClaims.requireNotPublicSuffix(domain, "domainName");
        requireNotCatalog(domain.name(), "domainName");
        claims.claim(domain.name(), caller.accountId());
        long serialBefore = zone.serial();
        zone.assign(domain.name());
        zone.changed();
        flushClaiming();
        edited(zone, ZoneOperation.ASSIGN_DOMAIN, null, serialBefore, List.of(), List.of(), domain.name());
        changes.fire(ZonesChanged.of(served(zone)));
        zoneSet.fire(new ZoneSetChanged(domain.name()));
        return new ZoneEditOutcome(zone, List.of());
    }

    /** The catalog zone is the service's own: no zone or domain of a customer may take its name or one below it. */
    private void requireNotCatalog(String name, String field) {
        if (settings.reservedForCatalog(name)) {
            throw ApiException.invalid(
                    field, CommonMessages.FIELD_INVALID, "is reserved for the service's catalog zone");
        }
    }

    private static final String OWN_NAME = "is the zone's own name, which the zone is served under already";

    /** The zone's own name is no assigned domain: it is refused (422), the zone keeps being served under it. */
    @RolesAllowed(Right.Names.CALLER)
    public Zone dissociateDomain(String zoneName, String domainName) {
        Zone zone = locked(zoneName);
        access.requireWholeZone("dissociate domains");
        String domain = domainName(domainName).name();
        if (domain.equals(zone.name())) {
            throw ApiException.invalid(
                    "domainName",
                    CommonMessages.FIELD_NOT_ALLOWED,
                    OWN_NAME + "; it cannot be dissociated (delete the zone to stop serving it)");
        }
        if (!zone.isAssigned(domain)) {
            throw ApiException.notFound("Domain assignment");
        }
        long serialBefore = zone.serial();
        zone.dissociate(domain);
        zone.changed();
        em.flush();
        edited(zone, ZoneOperation.DISSOCIATE_DOMAIN, null, serialBefore, List.of(), List.of(), domain);
        List<String> names = new ArrayList<>(served(zone));
        names.add(domain);
        changes.fire(ZonesChanged.of(names));
        zoneSet.fire(new ZoneSetChanged(domain));
        return zone;
    }

    /** Tells the change history (and whoever else observes) what this change did, in its transaction. */
    private void edited(
            Zone zone,
            ZoneOperation operation,
            Map<String, Object> settingsBefore,
            Long serialBefore,
            List<RecordDraft> added,
            List<RecordDraft> removed,
            String domain) {
        // No serial before: the zone was created (also by an import or a restore).
        Map<String, Object[]> settings = serialBefore == null
                ? settingsChanged(null, settingsOf(zone))
                : settingsBefore == null ? Map.of() : settingsChanged(settingsBefore, settingsOf(zone));
        edits.fire(new ZoneEdited(
                caller.accountId(),
                zone.id(),
                zone.name(),
                operation,
                added,
                removed,
                settings,
                serialBefore,
                zone.serial(),
                domain));
    }

    /** The SOA settings a change history follows. */
    private static Map<String, Object> settingsOf(Zone zone) {
        Map<String, Object> settings = new java.util.LinkedHashMap<>();
        settings.put("hostmaster", zone.hostmaster());
        settings.put("refresh", zone.refresh());
        settings.put("retry", zone.retry());
        settings.put("expire", zone.expire());
        settings.put("ttl", zone.ttl());
        if (!zone.secondaries().isEmpty()) {
            // only when there are any: the history of zones without them stays as it was
            settings.put("secondaries", zone.secondaries().toString());
        }
        return settings;
    }

    /** Each setting that differs, as {before, after}; a null side: no zone there. */
    private static Map<String, Object[]> settingsChanged(Map<String, Object> before, Map<String, Object> after) {
        Map<String, Object[]> changed = new java.util.LinkedHashMap<>();
        java.util.Set<String> names = new java.util.LinkedHashSet<>();
        if (before != null) {
            names.addAll(before.keySet());
        }
        if (after != null) {
            names.addAll(after.keySet());
        }
        for (String name : names) {
            Object from = before == null ? null : before.get(name);
            Object to = after == null ? null : after.get(name);
            if (!Objects.equals(from, to)) {
                changed.put(name, new Object[] {from, to});
            }
        }
        return changed;
    }

    /** The names the nameserver serves this zone under: its own and its assigned domains'. */
    private static List<String> served(Zone zone) {
        List<String> names = new ArrayList<>();
        names.add(zone.name());
        zone.domains().forEach(d -> names.add(d.name()));
        return names;
    }

    /**
     * The zone locked for a change; one outside the token's zones does not exist for it. The
     * request's If-Match is checked here, under the lock: of two writers with one tag, the second
     * finds the first one's state (412).
     */
    private Zone locked(String zoneName) {
        Zone zone = ZoneCatalog.locked(em, zoneName, caller.accountId());
        access.requireZone(zone.name());
        tags.requireMatch(em, zone);
        return zone;
    }

    private static ZoneNames.ZoneName domainName(String domainName) {
        try {
            return ZoneNames.normalize(domainName);
        } catch (IllegalArgumentException e) {
            throw ApiException.invalid("domainName", CommonMessages.FIELD_INVALID, e.getMessage());
        }
    }

    /**
     * Two requests racing for one name: the database's unique key decides, and the loser gets 409.
     * A lost lock race is no such loss (on Galera a creation lost the certification to a sibling
     * zone's through another node): it is repeated ({@link DeadlockRetry}).
     */
    private void flushClaiming() {
        try {
            em.flush();
        } catch (PersistenceException e) {
            if (DeadlockRetry.lostLockRace(e)) {
                throw e;
            }
            throw NameClaims.taken();
        }
    }

    private static RecordDraft draftOf(ZoneRecord record) {
        return new RecordDraft(record.name(), record.type(), record.data(), record.ttl());
    }

    /**
     * Replaces whole RRsets (rrsets/change) as one change: each named RRset gets exactly the
     * records given (none: it is deleted), checked as records/add checks its records (data per
     * type, names, CNAME and web forward rules over the zone as it is to be, limits, other
     * accounts' names, the token's policy for every record removed and added), written with one
     * serial raise, one history entry and one publication. A record kept (same name, type and data)
     * keeps its id, its TTL set to the RRset's. A change that leaves the zone as it is stores
     * nothing and keeps the serial.
     */
    @RolesAllowed(Right.Names.DNS_ZONES_CRUD)
    public ZoneEditOutcome changeRrsets(String zoneName, List<RrsetChange> rrsets, Violations violations) {
        Zone zone = locked(zoneName);
        long serialBefore = zone.serial();
        List<String> repeated = new ArrayList<>();
        List<Rrsets.Replacement> replacements = Rrsets.replacements(rrsets, zone.name(), violations, repeated);
        // the RRsets replaced, by owner and type
        java.util.Set<List<Object>> replaced = new java.util.HashSet<>();
        replacements.forEach(r -> replaced.add(List.of(r.name(), r.type())));
        java.util.function.Predicate<RecordDraft> isReplaced = d -> replaced.contains(List.of(d.name(), d.type()));
        List<RecordDraft> kept = new ArrayList<>();
        List<RecordDraft> before = new ArrayList<>();
        for (ZoneRecord record : zone.records()) {
            RecordDraft draft = draftOf(record);
            (isReplaced.test(draft) ? before : kept).add(draft);
        }
        List<RecordDraft> after = new ArrayList<>();
        List<Integer> changeOf = new ArrayList<>();
        for (Rrsets.Replacement replacement : replacements) {
            after.addAll(replacement.records());
            replacement.records().forEach(r -> changeOf.add(replacement.index()));
        }
        RecordValidator.checkNames(kept, after, i -> {
            // one violation for each change's name, however many of its records break the rule
            Violations name = violations.at("changes").at(changeOf.get(i)).at("name");
            return name.reported() ? new Violations() : name;
        });
        RecordValidator.checkLimitsAt(
                Rrsets.recordsGiven(rrsets), (long) kept.size() + after.size(), settings, violations.at("changes"));
        violations.throwIfAny();
        List<Message> warnings = new ArrayList<>();
        repeated.forEach(path -> warnings.add(alreadyPresent(path)));
        RecordDelta delta = RecordDelta.between(before, after);
        if (delta.added().isEmpty() && delta.removed().isEmpty()) {
            warnings.add(Message.of(ZoneMessages.NOTHING_CHANGED));
            return new ZoneEditOutcome(zone, warnings);
        }
        // Each record removed or added must lie within the token's policy (as update asks).
        access.requireDrafts(delta.all());
        claims.requireNoForeignNames(
                zone.name(),
                delta.added().stream().map(RecordDraft::name).distinct().toList(),
                caller.accountId());
        // the records to be by name, type and data: a record among them stays, with the RRset's TTL
        Map<RecordDraft, RecordDraft> wanted = new java.util.HashMap<>();
        after.forEach(d -> wanted.put(d.withoutTtl(), d));
        List<ZoneRecord> touched = new ArrayList<>(zone.removeRecords(r -> {
            RecordDraft draft = draftOf(r);
            return isReplaced.test(draft) && !wanted.containsKey(draft.withoutTtl());
        }));
        java.util.Set<RecordDraft> present = new java.util.HashSet<>();
        for (ZoneRecord record : zone.records()) {
            RecordDraft to = wanted.get(draftOf(record).withoutTtl());
            if (to != null && present.add(to.withoutTtl()) && !Objects.equals(record.ttl(), to.ttl())) {
                record.changeTtl(to.ttl());
                touched.add(record);
            }
        }
        for (RecordDraft draft : after) {
            if (present.add(draft.withoutTtl())) {
                touched.add(zone.add(draft, recordIds.next()));
            }
        }
        zone.changed();
        em.flush();
        edited(zone, ZoneOperation.RRSETS_CHANGE, null, serialBefore, delta.added(), delta.removed(), null);
        changes.fire(ZonesChanged.ofRecords(served(zone), touched, settings));
        return new ZoneEditOutcome(zone, warnings);
    }
}
