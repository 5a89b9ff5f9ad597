package net.hostingapi.zones.control;

import java.util.List;
import net.hostingapi.platform.control.Message;
import net.hostingapi.platform.control.MessageCode;
import net.hostingapi.zones.entity.RecordType;
import net.hostingapi.zones.entity.ZoneRecord;

/**
 * One element of records delete, normalised like stored records so that any spelling the client
 * sends matches: every given selector must match. A data selector is normalised as the given
 * type's data; without a type it must equal the stored data.
 */
record RecordMatcher(String name, Integer ttl, RecordType type, String data, Long id) {

    static RecordMatcher of(RecordSelector selector, String zoneName, String path, List<Message> violations) {
        if (selector == null || selector.isEmpty()) {
            violations.add(Message.forField(MessageCode.FIELD_REQUIRED, path,
                    path + ": give at least one of name, ttl, type, data, id (nothing deletes a whole zone by accident)"));
            return null;
        }
        if (selector.type() != null) {
            RecordValidator.requireAllowed(RecordType.Operation.DELETE, selector.type(), path, violations);
        }
        String name = selector.name() == null ? null : RecordValidator.name(selector.name(), zoneName, path, violations);
        String data = selector.data();
        if (data != null && selector.type() != null) {
            data = RecordValidator.data(selector.type(), data, path, violations);
        }
        Integer ttl = selector.ttl() == null ? null : selector.ttl().orElse(null);
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
