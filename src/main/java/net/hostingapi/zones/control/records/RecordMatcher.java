package net.hostingapi.zones.control.records;

import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import net.hostingapi.platform.messages.control.CommonMessages;
import net.hostingapi.platform.messages.control.Message;
import net.hostingapi.platform.messages.control.Violations;
import net.hostingapi.zones.entity.RecordType;
import net.hostingapi.zones.entity.ZoneRecord;

/**
 * One element of records delete, normalised like stored records so that any spelling the client
 * sends matches: every given selector must match. A data selector matches a record whenever an
 * addition of that data would find the record already present: it is normalised as the given
 * type's data, or without a type as each record's type's data (data that is no valid data of a
 * record's type does not match that record).
 */
public final class RecordMatcher {

    private final String name;
    private final Integer ttl;
    private final RecordType type;
    private final String data;
    private final Long id;

    /** The data normalised as each type's, worked out at the first record of that type; empty: not valid there. */
    private final Map<RecordType, Optional<String>> dataByType = new EnumMap<>(RecordType.class);

    private RecordMatcher(String name, Integer ttl, RecordType type, String data, Long id) {
        this.name = name;
        this.ttl = ttl;
        this.type = type;
        this.data = data;
        this.id = id;
    }

    /** The matcher of one selector, or null when it is invalid (its violations are added to {@code record}). */
    public static RecordMatcher of(RecordSelector selector, String zoneName, Violations record) {
        if (selector == null) {
            return null;
        }
        // A field the binder already refused (too long, no such type, not a number) is reported once:
        // not again for its content, nor as a missing selector.
        boolean refused = refusedWhileBinding(record);
        if (selector.isEmpty()) {
            if (!refused) {
                record.add(
                        CommonMessages.FIELD_REQUIRED,
                        "give at least one of name, ttl, type, data, id (nothing deletes a whole zone by accident)");
            }
            return null;
        }
        if (selector.type() != null) {
            RecordValidator.requireAllowed(RecordType.Operation.DELETE, selector.type(), record);
        }
        String name = selector.name() == null || record.at("name").reported()
                ? null
                : RecordValidator.name(selector.name(), zoneName, record);
        String data = selector.data();
        if (data != null && selector.type() != null && !record.at("data").reported()) {
            data = RecordValidator.data(selector.type(), data, record);
        }
        Integer ttl = selector.ttl().value();
        return new RecordMatcher(name, ttl, selector.type(), data, selector.id());
    }

    private static boolean refusedWhileBinding(Violations record) {
        String below = record.path() + ".";
        return record.messages().stream()
                .map(Message::field)
                .anyMatch(field -> field != null && (field.equals(record.path()) || field.startsWith(below)));
    }

    public boolean matches(ZoneRecord record) {
        return (id == null || id.equals(record.id()))
                && (name == null || name.equals(record.name()))
                && (type == null || type == record.type())
                && (data == null || dataMatches(record))
                && (ttl == null || ttl.equals(record.ttl()));
    }

    private boolean dataMatches(ZoneRecord record) {
        if (type != null) {
            return data.equals(record.data());
        }
        return dataByType
                .computeIfAbsent(record.type(), RecordMatcher.this::normalizedAs)
                .map(normalized -> normalized.equals(record.data()))
                .orElse(false);
    }

    private Optional<String> normalizedAs(RecordType recordType) {
        try {
            return Optional.of(RecordData.validate(recordType, data));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
