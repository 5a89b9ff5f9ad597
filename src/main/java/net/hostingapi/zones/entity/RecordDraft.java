package net.hostingapi.zones.entity;

/** A record as validated and normalised from a request, before it is stored. */
public record RecordDraft(String name, RecordType type, String data, Integer ttl) {

    /** Same name, type and data. */
    public boolean sameAs(RecordDraft other) {
        return name.equals(other.name) && type == other.type && data.equals(other.data);
    }
}
