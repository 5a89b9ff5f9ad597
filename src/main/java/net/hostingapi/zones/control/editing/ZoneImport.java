package net.hostingapi.zones.control.editing;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.validation.ConstraintViolation;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import net.hostingapi.accounts.control.CurrentCaller;
import net.hostingapi.accounts.entity.Right;
import net.hostingapi.platform.messages.control.ApiException;
import net.hostingapi.platform.messages.control.CommonMessages;
import net.hostingapi.platform.messages.control.Message;
import net.hostingapi.platform.messages.control.Violations;
import net.hostingapi.platform.parameters.control.FieldUpdate;
import net.hostingapi.platform.parameters.control.ParameterBinder;
import net.hostingapi.zones.control.ZoneAccess;
import net.hostingapi.zones.control.ZoneMessages;
import net.hostingapi.zones.control.masterfile.MasterFile;
import net.hostingapi.zones.control.names.HostmasterMailbox;
import net.hostingapi.zones.control.names.ZoneNames;
import net.hostingapi.zones.control.records.RecordData;
import net.hostingapi.zones.control.records.RecordDelta;
import net.hostingapi.zones.control.records.RecordInput;
import net.hostingapi.zones.control.records.RecordValidator;
import net.hostingapi.zones.entity.RecordDraft;
import net.hostingapi.zones.entity.RecordType;
import net.hostingapi.zones.entity.Zone;
import org.xbill.DNS.DClass;
import org.xbill.DNS.NSRecord;
import org.xbill.DNS.Name;
import org.xbill.DNS.Record;
import org.xbill.DNS.SOARecord;
import org.xbill.DNS.TextParseException;
import org.xbill.DNS.Type;

/**
 * Zone import: an RFC 1035 master file ({@link MasterFile}) becomes a new zone, or replaces an
 * existing zone's settings and records. The SOA gives the settings, the apex NS records are ours
 * (theirs are dropped with a warning), every other record is checked as create checks it and
 * every problem is named with its line. The change itself is {@link ZoneEditor}'s create or
 * update, with all that those check and publish; a dry run answers the difference only.
 */
@Stateless
public class ZoneImport {

    /** What an import changes (or, on a dry run, would change). */
    public record Difference(
            boolean newZone, List<RecordDraft> added, List<RecordDraft> removed, Map<String, Object[]> settings) {}

    /** The difference, the zone after the import (null on a dry run), and the warnings. */
    public record Outcome(Difference difference, Zone zone, List<Message> warnings) {}

    @PersistenceContext
    EntityManager em;

    @Inject
    CurrentCaller caller;

    @EJB
    ZoneEditor editor;

    @Inject
    ZoneAccess access;

    @Inject
    ParameterBinder validator;

    @RolesAllowed(Right.Names.DNS_ZONES_CRUD)
    public Outcome importZone(String zoneName, String file, boolean dryRun) {
        ZoneNames.ZoneName name;
        try {
            name = ZoneNames.normalize(zoneName);
        } catch (IllegalArgumentException e) {
            throw ApiException.invalid("zone", CommonMessages.FIELD_INVALID, e.getMessage());
        }
        Zone stored = em.createNamedQuery(Zone.OF_ACCOUNT_BY_NAME, Zone.class)
                .setParameter("name", name.name())
                .setParameter("account", caller.accountId())
                .getResultStream()
                .findFirst()
                .filter(z -> {
                    access.requireZone(z.name());
                    return true;
                })
                .orElse(null);
        RecordType.Operation operation = stored == null ? RecordType.Operation.CREATE : RecordType.Operation.UPDATE;
        Violations violations = new Violations();
        List<Message> warnings = new ArrayList<>();
        Read read = read(file, name.name(), operation, violations.at("file"), warnings);
        violations.throwIfAny();

        Difference difference = difference(stored, read);
        if (dryRun) {
            // What the change would be refused for, a dry run is refused for too.
            if (stored == null) {
                access.requireWholeZone("create zones");
                access.requireCreatable(name.name());
            } else {
                if (!difference.settings().isEmpty()) {
                    access.requireWholeZone("change the zone's settings");
                }
                access.requireDrafts(difference.added());
                access.requireDrafts(difference.removed()); // as update checks them
            }
            return new Outcome(difference, null, warnings);
        }
        Soa soa = read.soa();
        ZoneEditOutcome changed = editor.write(
                name.name(),
                stored == null,
                new ZoneContent(soa.hostmaster(), soa.refresh(), soa.retry(), soa.expire(), soa.ttl(), read.records()),
                ZoneOperation.IMPORT);
        warnings.addAll(changed.warnings());
        return new Outcome(difference, changed.zone(), warnings);
    }

    /** The SOA's settings; all null when the file has no SOA (the zone's, or the defaults, stay). */
    record Soa(String hostmaster, Integer refresh, Integer retry, Integer expire, Integer ttl) {
        static final Soa NONE = new Soa(null, null, null, null, null);
    }

    record Read(Soa soa, List<RecordInput> records, List<RecordDraft> drafts) {}

    private Read read(
            String file, String zone, RecordType.Operation operation, Violations problems, List<Message> warnings) {
        if (file == null || file.isBlank()) {
            problems.add(
                    CommonMessages.FIELD_REQUIRED, "must hold a zone file (the parameter file, or a text/dns body)");
            return new Read(Soa.NONE, List.of(), List.of());
        }
        if (file.indexOf('\0') >= 0 || !StandardCharsets.UTF_8.newEncoder().canEncode(file)) {
            problems.add(CommonMessages.FIELD_INVALID, "must be a text file");
            return new Read(Soa.NONE, List.of(), List.of());
        }
        Name origin;
        try {
            origin = Name.fromString(zone + ".");
        } catch (TextParseException e) {
            throw new IllegalStateException(e);
        }
        MasterFile.Parsed parsed = MasterFile.read(file, origin);
        parsed.problems()
                .forEach(p -> problems.add(CommonMessages.FIELD_INVALID, "line " + p.line() + ": " + p.text()));
        Soa soa = Soa.NONE;
        List<RecordInput> inputs = new ArrayList<>();
        List<Integer> lines = new ArrayList<>();
        boolean droppedNs = false;
        for (MasterFile.Entry entry : parsed.entries()) {
            Record record = entry.record();
            String at = "line " + entry.line() + ": ";
            if (!record.getName().subdomain(origin)) {
                problems.add(CommonMessages.FIELD_INVALID, at + record.getName() + " lies outside the zone " + zone);
                continue;
            }
            if (record.getDClass() != DClass.IN) {
                problems.add(
                        CommonMessages.FIELD_INVALID, at + "class " + DClass.string(record.getDClass()) + " is not IN");
                continue;
            }
            boolean apex = record.getName().equals(origin);
            if (record instanceof SOARecord soaRecord) {
                if (!apex) {
                    problems.add(CommonMessages.FIELD_INVALID, at + "an SOA record belongs at the zone's apex");
                } else {
                    soa = soaOf(soaRecord, at, problems);
                    // The settings' bounds, as create and update check them.
                    for (ConstraintViolation<NewZone> v : validator.validate(new NewZone(
                            zone,
                            soa.hostmaster(),
                            soa.refresh(),
                            soa.expire(),
                            soa.retry(),
                            soa.ttl(),
                            null,
                            null,
                            FieldUpdate.absent(),
                            null))) {
                        problems.add(
                                CommonMessages.FIELD_INVALID, at + "SOA " + v.getPropertyPath() + " " + v.getMessage());
                    }
                }
                continue;
            }
            if (record instanceof NSRecord && apex) {
                droppedNs = true; // ours serve the zone
                continue;
            }
            RecordType type = RecordData.typeOf(record);
            if (type == null) {
                problems.add(
                        CommonMessages.FIELD_INVALID,
                        at + "the record type " + Type.string(record.getType()) + " is not supported (supported: "
                                + supportedTypes() + ")");
                continue;
            }
            String relative = apex ? "@" : record.getName().relativize(origin).toString();
            Integer ttl = (int) Math.min(record.getTTL(), Integer.MAX_VALUE);
            inputs.add(new RecordInput(relative, FieldUpdate.to(ttl), type, RecordData.of(record)));
            lines.add(entry.line());
        }
        if (droppedNs) {
            warnings.add(Message.forField(
                    ZoneMessages.RECORD_IGNORED,
                    "file",
                    "file: the NS records at the apex were not imported: the zone is served by our nameservers"));
        }
        // A record with the zone's TTL inherits it, as records created without one do.
        if (soa.ttl() != null) {
            Integer zoneTtl = soa.ttl();
            inputs.replaceAll(r -> Objects.equals(r.ttl().value(), zoneTtl)
                    ? new RecordInput(r.name(), FieldUpdate.cleared(), r.type(), r.data())
                    : r);
        }
        List<RecordDraft> drafts = new ArrayList<>();
        for (int i = 0; i < inputs.size(); i++) {
            Violations one = new Violations();
            for (ConstraintViolation<RecordInput> v : validator.validate(inputs.get(i))) {
                one.at(v.getPropertyPath().toString().replaceAll("\\..*", ""))
                        .add(CommonMessages.FIELD_INVALID, v.getMessage());
            }
            RecordDraft draft = one.isEmpty()
                    ? RecordValidator.drafts(List.of(inputs.get(i)), zone, operation, one)
                            .get(0)
                    : null;
            drafts.add(draft);
            int line = lines.get(i);
            one.messages().forEach(m -> problems.add(m.code(), "line " + line + ": " + m.text()));
        }
        if (problems.isEmpty()) {
            Violations together = new Violations();
            RecordValidator.checkNames(List.of(), drafts, together);
            for (Message m : together.messages()) {
                // "records[i]...": the line of record i
                java.util.regex.Matcher index = java.util.regex.Pattern.compile("^records\\[(\\d+)]")
                        .matcher(m.field() == null ? "" : m.field());
                String where = index.find() ? "line " + lines.get(Integer.parseInt(index.group(1))) + ": " : "";
                problems.add(m.code(), where + m.text().replaceFirst("^records\\[\\d+][^:]*: ", ""));
            }
        }
        return new Read(soa, inputs, drafts);
    }

    private static Soa soaOf(SOARecord soa, String at, Violations problems) {
        Name rname = soa.getAdmin();
        String hostmaster = null;
        if (rname.labels() >= 3) {
            String local = rname.getLabelString(0).replace("\\.", ".");
            hostmaster = local + "@" + new Name(rname, 1).toString(true);
            if (!HostmasterMailbox.Validator.isValid(hostmaster)) {
                problems.add(
                        CommonMessages.FIELD_INVALID, at + "the SOA's mailbox " + rname + " is not a usable address");
                hostmaster = null;
            }
        }
        return new Soa(
                hostmaster,
                clamp(soa.getRefresh()),
                clamp(soa.getRetry()),
                clamp(soa.getExpire()),
                clamp(soa.getMinimum()));
    }

    private static Integer clamp(long value) {
        return (int) Math.min(value, Integer.MAX_VALUE);
    }

    private static String supportedTypes() {
        return String.join(
                ", ",
                java.util.Arrays.stream(RecordType.values())
                        .filter(RecordType::isDnsType)
                        .map(Enum::name)
                        .toList());
    }

    /** What the import changes against the stored zone (or an empty one). */
    private static Difference difference(Zone stored, Read read) {
        List<RecordDraft> before = stored == null
                ? List.of()
                : stored.records().stream()
                        .map(r -> new RecordDraft(r.name(), r.type(), r.data(), r.ttl()))
                        .toList();
        RecordDelta delta = RecordDelta.between(before, read.drafts());
        List<RecordDraft> added = delta.added();
        List<RecordDraft> removed = delta.removed();
        Map<String, Object[]> settings = new LinkedHashMap<>();
        Soa soa = read.soa();
        if (stored != null) {
            setting(settings, "hostmaster", stored.hostmaster(), soa.hostmaster());
            setting(settings, "refresh", stored.refresh(), soa.refresh());
            setting(settings, "retry", stored.retry(), soa.retry());
            setting(settings, "expire", stored.expire(), soa.expire());
            setting(settings, "ttl", stored.ttl(), soa.ttl());
        } else {
            setting(settings, "hostmaster", null, soa.hostmaster());
            setting(settings, "refresh", null, soa.refresh());
            setting(settings, "retry", null, soa.retry());
            setting(settings, "expire", null, soa.expire());
            setting(settings, "ttl", null, soa.ttl());
        }
        return new Difference(stored == null, added, removed, settings);
    }

    private static void setting(Map<String, Object[]> settings, String name, Object before, Object after) {
        if (after != null && !Objects.equals(before, after)) {
            settings.put(name, new Object[] {before, after});
        }
    }
}
