package net.hostingapi.zones.control;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import net.hostingapi.platform.control.Message;
import net.hostingapi.platform.control.MessageCode;
import net.hostingapi.zones.entity.RecordDraft;

/**
 * Turns the {@code records[]} of a request into normalised drafts, adding a violation with the
 * field's path for every record that breaks a rule: the operation's allowed types, the name, the
 * data ({@code dns_data}), CNAME exclusivity and the limits. Nothing is stored if any breaks one.
 */
public final class RecordValidator {

    private RecordValidator() {
    }

    /** Drafts for create, add and update; null where an element is invalid (its violations are added). */
    public static List<RecordDraft> drafts(List<RecordInput> inputs, String zoneName, RecordType.Operation operation,
                                           List<Message> violations) {
        List<RecordDraft> drafts = new ArrayList<>();
        for (int i = 0; i < inputs.size(); i++) {
            RecordInput input = inputs.get(i);
            if (input == null || input.type() == null || input.name() == null || input.data() == null) {
                drafts.add(null); // Bean Validation already named what is missing
                continue;
            }
            String path = "records[" + i + "]";
            int before = violations.size();
            requireAllowed(operation, input.type(), path, violations);
            String name = name(input.name(), zoneName, path, violations);
            String data = data(input.type(), input.data(), path, violations);
            Integer ttl = input.ttl() == null ? null : input.ttl().orElse(null);
            drafts.add(violations.size() == before ? new RecordDraft(name, input.type(), data, ttl) : null);
        }
        return drafts;
    }

    static void requireAllowed(RecordType.Operation operation, RecordType type, String path, List<Message> violations) {
        if (!operation.allows(type)) {
            violations.add(Message.forField(MessageCode.FIELD_NOT_ALLOWED, path + ".type", path + ".type: " + type
                    + " is not allowed here; allowed: " + operation.allowedTypes()));
        }
    }

    static String name(String name, String zoneName, String path, List<Message> violations) {
        try {
            return RecordNames.relative(name, zoneName);
        } catch (IllegalArgumentException e) {
            violations.add(Message.forField(MessageCode.FIELD_INVALID, path + ".name", path + ".name: " + e.getMessage()));
            return null;
        }
    }

    static String data(RecordType type, String data, String path, List<Message> violations) {
        try {
            return RecordData.validate(type, data);
        } catch (IllegalArgumentException e) {
            violations.add(Message.forField(MessageCode.FIELD_INVALID, path + ".data", path + ".data: " + e.getMessage()));
            return null;
        }
    }

    /**
     * CNAME rules over the zone as it would be after the change: no CNAME at the apex, and a
     * CNAME shares its name with no other record. Violations go to the incoming records involved.
     */
    public static void checkCnames(Collection<RecordDraft> kept, List<RecordDraft> incoming, List<Message> violations) {
        Set<RecordDraft> resulting = new LinkedHashSet<>(kept);
        incoming.stream().filter(d -> d != null).forEach(resulting::add);
        Map<String, List<RecordDraft>> byName = resulting.stream().collect(Collectors.groupingBy(RecordDraft::name));
        for (int i = 0; i < incoming.size(); i++) {
            RecordDraft draft = incoming.get(i);
            if (draft == null) {
                continue;
            }
            String path = "records[" + i + "].name";
            if (draft.type() == RecordType.CNAME && draft.name().equals(RecordNames.APEX)) {
                violations.add(Message.forField(MessageCode.FIELD_NOT_ALLOWED, path, path + ": a CNAME cannot sit at the zone's apex"));
                continue;
            }
            List<RecordDraft> sameName = byName.get(draft.name());
            boolean hasCname = sameName.stream().anyMatch(d -> d.type() == RecordType.CNAME);
            if (hasCname && sameName.size() > 1) {
                violations.add(Message.forField(MessageCode.FIELD_NOT_ALLOWED, path,
                        path + ": a CNAME shares its name with no other record (" + draft.name() + ")"));
            }
        }
    }

    /** The request and zone limits of contract section 8. */
    public static void checkLimits(int incoming, long resulting, ZoneSettings settings, List<Message> violations) {
        if (incoming > settings.maxRecordsPerRequest()) {
            violations.add(Message.forField(MessageCode.FIELD_OUT_OF_RANGE, "records",
                    "records: at most " + settings.maxRecordsPerRequest() + " records in one request"));
        } else if (resulting > settings.maxRecordsPerZone()) {
            violations.add(Message.forField(MessageCode.FIELD_OUT_OF_RANGE, "records",
                    "records: a zone holds at most " + settings.maxRecordsPerZone() + " records"));
        }
    }
}
