package net.hostingapi.dnsupdate.control;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import net.hostingapi.platform.messages.control.Violations;
import net.hostingapi.platform.parameters.control.FieldUpdate;
import net.hostingapi.zones.control.editing.RecordEdit;
import net.hostingapi.zones.control.names.RecordNames;
import net.hostingapi.zones.control.records.RecordData;
import net.hostingapi.zones.control.records.RecordInput;
import net.hostingapi.zones.control.records.RecordValidator;
import net.hostingapi.zones.entity.RecordDraft;
import net.hostingapi.zones.entity.RecordType;
import org.xbill.DNS.DClass;
import org.xbill.DNS.Message;
import org.xbill.DNS.Name;
import org.xbill.DNS.Rcode;
import org.xbill.DNS.Record;
import org.xbill.DNS.Section;
import org.xbill.DNS.Type;

/**
 * An UPDATE message read as RFC 2136 reads it (section 3): its zone, its prerequisites and its
 * updates, checked before anything is looked up (the prescan of 3.4.1: FORMERR for what no UPDATE
 * may hold, NOTZONE for names outside the zone, REFUSED for the zone's SOA and apex NS, which are
 * the service's, and for types the HTTP API does not take). Applied to a zone's records as one
 * {@link RecordEdit}: prerequisites first, then the updates in their order.
 */
public final class UpdateRequest implements RecordEdit {

    /** One prerequisite of RFC 2136 section 2.4, on a name relative to the zone ({@code @}: the apex). */
    record Prerequisite(Kind kind, String name, int type, Set<String> values) {
        enum Kind {
            NAME_IN_USE,
            NAME_NOT_IN_USE,
            RRSET_EXISTS,
            RRSET_DOES_NOT_EXIST,
            RRSET_EQUALS
        }
    }

    /** One update of RFC 2136 section 2.5, in the API's terms. */
    sealed interface Update {}

    record AddRecord(RecordDraft record) implements Update {}

    /** Delete an RRset; {@code type} null: every RRset of the name (the apex keeps SOA and NS). */
    record DeleteRRset(String name, RecordType type) implements Update {}

    /** Delete one record; {@code data} null: data that no stored record can hold, which deletes nothing. */
    record DeleteRecord(String name, RecordType type, String data) implements Update {}

    private final String zone;
    private final List<Prerequisite> prerequisites;
    private final List<Update> updates;

    private UpdateRequest(String zone, List<Prerequisite> prerequisites, List<Update> updates) {
        this.zone = zone;
        this.prerequisites = prerequisites;
        this.updates = updates;
    }

    /** The zone's name as the API stores it (lower case, no trailing dot). */
    public String zone() {
        return zone;
    }

    /** The names and types the updates touch, for the token's policy (type null: the whole name). */
    public List<String[]> touched() {
        List<String[]> touched = new ArrayList<>();
        for (Update update : updates) {
            if (update instanceof AddRecord add) {
                touched.add(
                        new String[] {add.record().name(), add.record().type().name()});
            } else if (update instanceof DeleteRRset delete) {
                touched.add(new String[] {
                    delete.name(), delete.type() == null ? null : delete.type().name()
                });
            } else if (update instanceof DeleteRecord delete) {
                touched.add(new String[] {delete.name(), delete.type().name()});
            }
        }
        for (Prerequisite prerequisite : prerequisites) {
            touched.add(new String[] {
                prerequisite.name(), prerequisite.type() == Type.ANY ? null : Type.string(prerequisite.type())
            });
        }
        return touched;
    }

    /**
     * Reads an UPDATE. {@code zoneName} normalises the zone section's name as the API names zones.
     *
     * @throws UpdateRejected with FORMERR, NOTZONE or REFUSED
     */
    public static UpdateRequest of(Message message, java.util.function.UnaryOperator<String> zoneName) {
        List<Record> zoneSection = message.getSection(Section.ZONE);
        if (zoneSection.size() != 1 || zoneSection.get(0).getType() != Type.SOA) {
            throw new UpdateRejected(Rcode.FORMERR, "the zone section must hold one SOA question");
        }
        Record zoneRecord = zoneSection.get(0);
        if (zoneRecord.getDClass() != DClass.IN) {
            throw new UpdateRejected(Rcode.REFUSED, "only zones of class IN are served");
        }
        Name origin = zoneRecord.getName();
        String zone = zoneName.apply(origin.toString(true));
        List<Prerequisite> prerequisites = new ArrayList<>();
        for (Record record : message.getSection(Section.PREREQ)) {
            prerequisites.add(prerequisite(record, origin));
        }
        List<Update> updates = new ArrayList<>();
        List<Record> section = message.getSection(Section.UPDATE);
        for (int i = 0; i < section.size(); i++) {
            updates.add(update(section.get(i), origin, zone, i));
        }
        return new UpdateRequest(zone, prerequisites, updates);
    }

    private static Prerequisite prerequisite(Record record, Name origin) {
        if (record.getTTL() != 0) {
            throw new UpdateRejected(Rcode.FORMERR, "a prerequisite's TTL must be 0");
        }
        String name = relative(record.getName(), origin);
        int type = record.getType();
        boolean empty = record.rdataToWireCanonical().length == 0;
        if (record.getDClass() == DClass.ANY || record.getDClass() == DClass.NONE) {
            if (!empty) {
                throw new UpdateRejected(Rcode.FORMERR, "a prerequisite of class ANY or NONE has no data");
            }
            boolean exists = record.getDClass() == DClass.ANY;
            Prerequisite.Kind kind = type == Type.ANY
                    ? exists ? Prerequisite.Kind.NAME_IN_USE : Prerequisite.Kind.NAME_NOT_IN_USE
                    : exists ? Prerequisite.Kind.RRSET_EXISTS : Prerequisite.Kind.RRSET_DOES_NOT_EXIST;
            return new Prerequisite(kind, name, type, Set.of());
        }
        if (record.getDClass() != DClass.IN || !Type.isRR(type) || type == Type.ANY) {
            throw new UpdateRejected(Rcode.FORMERR, "a prerequisite's class must be the zone's, ANY or NONE");
        }
        Set<String> value = new java.util.HashSet<>();
        value.add(dataOrNull(record)); // null: data the API cannot hold, which no RRset here equals
        return new Prerequisite(Prerequisite.Kind.RRSET_EQUALS, name, type, value);
    }

    private static Update update(Record record, Name origin, String zone, int index) {
        if (!record.getName().subdomain(origin)) {
            throw new UpdateRejected(Rcode.NOTZONE, record.getName() + " lies outside the zone " + origin);
        }
        int type = record.getType();
        int dclass = record.getDClass();
        boolean empty = record.rdataToWireCanonical().length == 0;
        if (dclass == DClass.ANY) {
            if (record.getTTL() != 0 || !empty) {
                throw new UpdateRejected(Rcode.FORMERR, "a delete of class ANY has TTL 0 and no data");
            }
            if (type != Type.ANY && !Type.isRR(type)) {
                throw new UpdateRejected(Rcode.FORMERR, "a meta type cannot be deleted");
            }
            String name = name(record, zone);
            return new DeleteRRset(name, type == Type.ANY ? null : servedType(record, name));
        }
        if (dclass == DClass.NONE) {
            if (record.getTTL() != 0) {
                throw new UpdateRejected(Rcode.FORMERR, "a delete of class NONE has TTL 0");
            }
            if (!Type.isRR(type) || type == Type.ANY) {
                throw new UpdateRejected(Rcode.FORMERR, "a meta type cannot be deleted");
            }
            String name = name(record, zone);
            RecordType recordType = servedType(record, name);
            return new DeleteRecord(name, recordType, normalised(recordType, record));
        }
        if (dclass != DClass.IN) {
            throw new UpdateRejected(Rcode.FORMERR, "an update's class must be the zone's, ANY or NONE");
        }
        if (!Type.isRR(type) || type == Type.ANY) {
            throw new UpdateRejected(Rcode.FORMERR, "a meta type cannot be added");
        }
        String name = name(record, zone);
        RecordType recordType = servedType(record, name);
        Violations violations = new Violations();
        Integer ttl = (int) Math.min(record.getTTL(), Integer.MAX_VALUE);
        RecordInput input = new RecordInput(name, FieldUpdate.to(ttl), recordType, RecordData.of(record));
        RecordDraft draft = RecordValidator.drafts(List.of(input), zone, RecordType.Operation.UPDATE, violations)
                .get(0);
        if (ttl < 60 || ttl > 604800) {
            violations
                    .at("records")
                    .at(0)
                    .at("ttl")
                    .add(
                            net.hostingapi.platform.messages.control.CommonMessages.FIELD_OUT_OF_RANGE,
                            "must be between 60 and 604800");
        }
        if (draft == null || !violations.isEmpty()) {
            throw new UpdateRejected(
                    Rcode.REFUSED,
                    "update " + index + " (" + record + ") is not a record the API takes: "
                            + violations.messages().stream().map(m -> m.text()).toList());
        }
        return new AddRecord(draft);
    }

    /** The type as the API knows it; the zone's SOA and apex NS and unknown types are refused. */
    private static RecordType servedType(Record record, String name) {
        int type = record.getType();
        if (type == Type.SOA || (type == Type.NS && name.equals(RecordNames.APEX))) {
            throw new UpdateRejected(Rcode.REFUSED, "the zone's SOA and apex NS records are the service's");
        }
        RecordType recordType = RecordData.typeOf(record);
        if (recordType == null) {
            throw new UpdateRejected(Rcode.REFUSED, "the record type " + Type.string(type) + " is not supported");
        }
        return recordType;
    }

    /** The record's name as the API stores it; one the API cannot hold is refused. */
    private static String name(Record record, String zone) {
        try {
            return RecordNames.relative(record.getName().toString(), zone);
        } catch (IllegalArgumentException e) {
            throw new UpdateRejected(Rcode.REFUSED, record.getName() + " " + e.getMessage());
        }
    }

    /** The name relative to the zone as stored, for comparison only (a name the API cannot hold matches nothing). */
    private static String relative(Name name, Name origin) {
        if (!name.subdomain(origin)) {
            throw new UpdateRejected(Rcode.NOTZONE, name + " lies outside the zone " + origin);
        }
        return name.equals(origin)
                ? RecordNames.APEX
                : name.relativize(origin).toString().toLowerCase(Locale.ROOT);
    }

    /** Data in the API's spelling; null when the API could not hold it (it then matches no stored record). */
    private static String normalised(RecordType type, Record record) {
        try {
            return RecordData.validate(type, RecordData.of(record));
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static String dataOrNull(Record record) {
        RecordType type = RecordData.typeOf(record);
        return type == null ? null : normalised(type, record);
    }

    @Override
    public List<RecordDraft> apply(String zoneName, List<RecordDraft> records) {
        ServedNames served = new ServedNames(records);
        for (Prerequisite prerequisite : prerequisites) {
            served.check(prerequisite);
        }
        checkValues(served);
        List<RecordDraft> result = new ArrayList<>(records);
        for (Update update : updates) {
            if (update instanceof AddRecord add) {
                add(result, add.record());
            } else if (update instanceof DeleteRRset delete) {
                result.removeIf(r -> r.name().equals(delete.name())
                        && r.type().isDnsType()
                        && (delete.type() == null ? !isApexNs(r) : r.type() == delete.type()));
            } else if (update instanceof DeleteRecord delete) {
                result.removeIf(r -> r.name().equals(delete.name())
                        && r.type() == delete.type()
                        && r.data().equals(delete.data()));
            }
        }
        return result;
    }

    private static boolean isApexNs(RecordDraft record) {
        return record.type() == RecordType.NS && record.name().equals(RecordNames.APEX);
    }

    /**
     * RFC 2136 3.4.2.2: a record equal in name, type and data replaces the stored one (its TTL); a
     * CNAME replaces the name's CNAME. The RRset takes the added record's TTL (RFC 2181 5.2), as BIND does.
     */
    private static void add(List<RecordDraft> records, RecordDraft added) {
        records.removeIf(r -> r.name().equals(added.name())
                && r.type() == added.type()
                && (added.type() == RecordType.CNAME || r.data().equals(added.data())));
        records.replaceAll(r -> r.name().equals(added.name()) && r.type() == added.type()
                ? new RecordDraft(r.name(), r.type(), r.data(), added.ttl())
                : r);
        records.add(added);
    }

    /** The zone as the prerequisites see it: its records, and the SOA and NS at its apex. */
    private static final class ServedNames {
        private final List<RecordDraft> records;

        ServedNames(List<RecordDraft> records) {
            this.records = records;
        }

        void check(Prerequisite prerequisite) {
            String name = prerequisite.name();
            boolean apex = name.equals(RecordNames.APEX);
            switch (prerequisite.kind()) {
                case NAME_IN_USE -> {
                    if (!apex && records.stream().noneMatch(r -> r.name().equals(name))) {
                        throw new UpdateRejected(Rcode.NXDOMAIN, name + " is not in use");
                    }
                }
                case NAME_NOT_IN_USE -> {
                    if (apex || records.stream().anyMatch(r -> r.name().equals(name))) {
                        throw new UpdateRejected(Rcode.YXDOMAIN, name + " is in use");
                    }
                }
                case RRSET_EXISTS -> {
                    if (!exists(name, prerequisite.type())) {
                        throw new UpdateRejected(
                                Rcode.NXRRSET, name + " " + Type.string(prerequisite.type()) + " does not exist");
                    }
                }
                case RRSET_DOES_NOT_EXIST -> {
                    if (exists(name, prerequisite.type())) {
                        throw new UpdateRejected(
                                Rcode.YXRRSET, name + " " + Type.string(prerequisite.type()) + " exists");
                    }
                }
                case RRSET_EQUALS -> {} // checked per RRset below
            }
        }

        private boolean exists(String name, int type) {
            return (name.equals(RecordNames.APEX) && (type == Type.SOA || type == Type.NS))
                    || !values(name, type).isEmpty();
        }

        Set<String> values(String name, int type) {
            Set<String> values = new LinkedHashSet<>();
            records.stream()
                    .filter(r -> r.name().equals(name)
                            && r.type().isDnsType()
                            && Type.value(r.type().name()) == type)
                    .forEach(r -> values.add(r.data()));
            return values;
        }
    }

    /**
     * RFC 2136 3.2.3: the prerequisites "RRset exists (value dependent)" of one name and type
     * together must equal that RRset exactly.
     */
    private void checkValues(ServedNames served) {
        java.util.Map<List<Object>, Set<String>> wanted = new java.util.LinkedHashMap<>();
        for (Prerequisite prerequisite : prerequisites) {
            if (prerequisite.kind() == Prerequisite.Kind.RRSET_EQUALS) {
                wanted.computeIfAbsent(List.of(prerequisite.name(), prerequisite.type()), k -> new LinkedHashSet<>())
                        .addAll(prerequisite.values());
            }
        }
        wanted.forEach((key, values) -> {
            String name = (String) key.get(0);
            int type = (Integer) key.get(1);
            if (values.contains(null) || !served.values(name, type).equals(values)) {
                throw new UpdateRejected(Rcode.NXRRSET, name + " " + Type.string(type) + " holds other values");
            }
        });
    }
}
