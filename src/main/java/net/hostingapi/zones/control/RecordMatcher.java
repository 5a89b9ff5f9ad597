package net.hostingapi.zones.control;

import net.hostingapi.platform.control.MessageCode;
import net.hostingapi.platform.control.Violations;
import net.hostingapi.zones.entity.RecordType;
import net.hostingapi.zones.entity.ZoneRecord;

/**
 * One element of records delete, normalised like stored records so that any spelling the client
 * sends matches: every given selector must match. A data selector is normalised as the given
 * type's data; without a type it must equal the stored data.
 */
record RecordMatcher(String name, Integer ttl, RecordType type, String data, Long id) {

    static RecordMatcher of(RecordSelector selector, String zoneName, Violations record) {
        if (selector == null || selector.isEmpty()) {
            record.add(
                    MessageCode.FIELD_REQUIRED,
                    "give at least one of name, ttl, type, data, id (nothing deletes a whole zone by accident)");
            return null;
        }
        if (selector.type() != null) {
            RecordValidator.requireAllowed(RecordType.Operation.DELETE, selector.type(), record);
        }
        String name = selector.name() == null ? null : RecordValidator.name(selector.name(), zoneName, record);
        String data = selector.data();
        if (data != null && selector.type() != null) {
            data = RecordValidator.data(selector.type(), data, record);
        }
        Integer ttl = selector.ttl().value();
        return new RecordMatcher(name, ttl, selector.type(), data, selector.id());
    }

    boolean matches(ZoneRecord record) {
        return (id == null || id.equals(record.id()))
                && (name == null || name.equals(record.name()))
                && (type == null || type == record.type())
                && (data == null || data.equals(record.data()))
                && (ttl == null || ttl.equals(record.ttl()));
    }
}
