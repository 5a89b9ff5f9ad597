package net.hostingapi.zones.control.records;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntFunction;
import net.hostingapi.platform.messages.control.CommonMessages;
import net.hostingapi.platform.messages.control.Violations;
import net.hostingapi.zones.control.names.RecordNames;
import net.hostingapi.zones.control.settings.ZoneSettings;
import net.hostingapi.zones.entity.RecordDraft;
import net.hostingapi.zones.entity.RecordType;

/**
 * Turns the {@code records[]} of a request into normalised drafts, adding a violation with the
 * field's path for every record that breaks a rule: the operation's allowed types, the name, the
 * data ({@code dns_data}), CNAME exclusivity and the limits. Nothing is stored if any breaks one.
 */
public final class RecordValidator {

    private RecordValidator() {}

    /** Drafts for create, add and update; null where an element is invalid (its violations are added). */
    public static List<RecordDraft> drafts(
            List<RecordInput> inputs, String zoneName, RecordType.Operation operation, Violations violations) {
        List<RecordDraft> drafts = new ArrayList<>();
        for (int i = 0; i < inputs.size(); i++) {
            RecordInput input = inputs.get(i);
            if (input == null || input.type() == null || input.name() == null || input.data() == null) {
                drafts.add(null); // Bean Validation already named what is missing
                continue;
            }
            Violations record = violations.at("records").at(i);
            int before = violations.count();
            // A field the binder already refused (too long) is reported once, not again for its content.
            boolean nameReported = record.at("name").reported();
            boolean dataReported = record.at("data").reported();
            requireAllowed(operation, input.type(), record);
            String name = nameReported ? null : name(input.name(), zoneName, record);
            String data = dataReported ? null : data(input.type(), input.data(), record);
            if (nameReported || dataReported) {
                drafts.add(null);
                continue;
            }
            Integer ttl = input.ttl().value();
            drafts.add(violations.count() == before ? new RecordDraft(name, input.type(), data, ttl) : null);
        }
        return drafts;
    }

    static void requireAllowed(RecordType.Operation operation, RecordType type, Violations record) {
        if (!operation.allows(type)) {
            record.at("type")
                    .add(
                            CommonMessages.FIELD_NOT_ALLOWED,
                            type + " is not allowed here; allowed: " + operation.allowedTypes());
        }
    }

    static String name(String name, String zoneName, Violations record) {
        try {
            return RecordNames.relative(name, zoneName);
        } catch (IllegalArgumentException e) {
            record.at("name").add(CommonMessages.FIELD_INVALID, e.getMessage());
            return null;
        }
    }

    static String data(RecordType type, String data, Violations record) {
        try {
            return RecordData.validate(type, data);
        } catch (IllegalArgumentException e) {
            record.at("data").add(CommonMessages.FIELD_INVALID, e.getMessage());
            return null;
        }
    }

    /**
     * The rules of names over the zone as it would be after the change: no CNAME at the apex, a
     * CNAME shares its name with no other record, and a web forward (HTTP_REDIRECT, HTTP_FRAME)
     * shares its name with no address (A, AAAA) and no other forward: the forwarder publishes the
     * name as its own address and answers with one target. Records equal in name, type and data
     * count once (a repeated one only changes its TTL). Violations go to the incoming records involved.
     */
    public static void checkNames(Collection<RecordDraft> kept, List<RecordDraft> incoming, Violations violations) {
        checkNames(kept, incoming, i -> violations.at("records").at(i).at("name"));
    }

    /** The same, with the violation of the {@code i}th incoming record going to {@code nameOf.apply(i)}. */
    public static void checkNames(
            Collection<RecordDraft> kept, List<RecordDraft> incoming, IntFunction<Violations> nameOf) {
        Map<String, Set<List<Object>>> byName = new java.util.HashMap<>();
        java.util.stream.Stream.concat(kept.stream(), incoming.stream())
                .filter(d -> d != null)
                .forEach(d -> byName.computeIfAbsent(d.name(), n -> new LinkedHashSet<>())
                        .add(List.of(d.type(), d.data())));
        for (int i = 0; i < incoming.size(); i++) {
            RecordDraft draft = incoming.get(i);
            if (draft == null) {
                continue;
            }
            Violations name = nameOf.apply(i);
            if (draft.type() == RecordType.CNAME && draft.name().equals(RecordNames.APEX)) {
                name.add(CommonMessages.FIELD_NOT_ALLOWED, "a CNAME cannot sit at the zone's apex");
                continue;
            }
            Set<List<Object>> sameName = byName.get(draft.name());
            long cnames =
                    sameName.stream().filter(k -> k.get(0) == RecordType.CNAME).count();
            long forwards = sameName.stream()
                    .filter(k -> isForward((RecordType) k.get(0)))
                    .count();
            long addresses = sameName.stream()
                    .filter(k -> k.get(0) == RecordType.A || k.get(0) == RecordType.AAAA)
                    .count();
            if (cnames > 0 && sameName.size() > 1) {
                name.add(
                        CommonMessages.FIELD_NOT_ALLOWED,
                        "a CNAME shares its name with no other record (" + draft.name() + ")");
            } else if (isForward(draft.type())
                    ? forwards > 1 || addresses > 0
                    : (draft.type() == RecordType.A || draft.type() == RecordType.AAAA) && forwards > 0) {
                name.add(
                        CommonMessages.FIELD_NOT_ALLOWED,
                        "an HTTP_REDIRECT or HTTP_FRAME record shares its name with no A, AAAA or other HTTP_REDIRECT or HTTP_FRAME record ("
                                + draft.name() + ")");
            }
        }
    }

    private static boolean isForward(RecordType type) {
        return type == RecordType.HTTP_REDIRECT || type == RecordType.HTTP_FRAME;
    }

    /** The request and zone limits of api.md, Limits. */
    public static void checkLimits(int incoming, long resulting, ZoneSettings settings, Violations violations) {
        checkLimitsAt(incoming, resulting, settings, violations.at("records"));
    }

    /** The same, reported on {@code field} (the list the request's records come in). */
    public static void checkLimitsAt(int incoming, long resulting, ZoneSettings settings, Violations field) {
        if (incoming > settings.maxRecordsPerRequest()) {
            field.add(
                    CommonMessages.FIELD_OUT_OF_RANGE,
                    "at most " + settings.maxRecordsPerRequest() + " records in one request");
        } else if (resulting > settings.maxRecordsPerZone()) {
            field.add(
                    CommonMessages.FIELD_OUT_OF_RANGE,
                    "a zone holds at most " + settings.maxRecordsPerZone() + " records");
        }
    }
}
