package net.hostingapi.zones.control.records;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.hostingapi.platform.messages.control.CommonMessages;
import net.hostingapi.platform.messages.control.Violations;
import net.hostingapi.zones.entity.RecordDraft;
import net.hostingapi.zones.entity.RecordType;

/**
 * Turns the {@code changes[]} of rrsets/change into RRsets as they are to be, checked as records/add
 * checks its records (the types add accepts, names inside the zone, each type's data), with every
 * violation at its field: {@code changes[i].name}, {@code changes[i].type},
 * {@code changes[i].records[j]}. An RRset named twice is refused; a data given twice in one RRset
 * counts once, with the warning records/add gives for it.
 */
public final class Rrsets {

    private Rrsets() {}

    /** An RRset to be: its owner (relative to the zone), type and records, all with one TTL (null: the zone's). */
    public record Replacement(int index, String name, RecordType type, List<RecordDraft> records) {}

    /**
     * The valid changes as replacements; the invalid ones are left out, their violations added.
     * The path of each data given again within its RRset goes to {@code repeated}.
     */
    public static List<Replacement> replacements(
            List<RrsetChange> changes, String zoneName, Violations violations, List<String> repeated) {
        List<Replacement> replacements = new ArrayList<>();
        // where each RRset was named first: "name TYPE" to its index
        Map<String, Integer> named = new HashMap<>();
        for (int i = 0; i < changes.size(); i++) {
            RrsetChange change = changes.get(i);
            if (change == null || change.name() == null || change.type() == null || change.records() == null) {
                continue; // Bean Validation already named what is missing
            }
            Violations at = violations.at("changes").at(i);
            int before = violations.count();
            RecordValidator.requireAllowed(RecordType.Operation.ADD, change.type(), at);
            String name = at.at("name").reported() ? null : RecordValidator.name(change.name(), zoneName, at);
            if (name != null) {
                Integer first = named.putIfAbsent(name + " " + change.type(), i);
                if (first != null) {
                    at.add(
                            CommonMessages.FIELD_NOT_ALLOWED,
                            "changes[" + first + "] changes the RRset " + name + " " + change.type()
                                    + " already; name each RRset once");
                }
            }
            // canonical data to the first position it came at
            Map<String, Integer> data = new LinkedHashMap<>();
            for (int j = 0; j < change.records().size(); j++) {
                String given = change.records().get(j);
                Violations record = at.at("records").at(j);
                if (given == null || record.reported()) {
                    continue;
                }
                try {
                    String canonical = RecordData.validate(change.type(), given);
                    if (data.putIfAbsent(canonical, j) != null) {
                        repeated.add(record.path());
                    }
                } catch (IllegalArgumentException e) {
                    record.add(CommonMessages.FIELD_INVALID, e.getMessage());
                }
            }
            if (violations.count() == before && name != null) {
                List<RecordDraft> records = new ArrayList<>();
                data.keySet().forEach(d -> records.add(new RecordDraft(name, change.type(), d, change.ttl())));
                replacements.add(new Replacement(i, name, change.type(), records));
            }
        }
        return replacements;
    }

    /** The records the request carries, counted against the limit of records in one request. */
    public static int recordsGiven(List<RrsetChange> changes) {
        return changes.stream()
                .filter(c -> c != null && c.records() != null)
                .mapToInt(c -> c.records().size())
                .sum();
    }
}
