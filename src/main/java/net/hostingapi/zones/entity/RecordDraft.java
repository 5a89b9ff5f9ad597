package net.hostingapi.zones.entity;

/** A record as validated and normalised from a request, before it is stored. */
public record RecordDraft(String name, RecordType type, String data, Integer ttl) {

    /** Same name, type and data. */
    public boolean sameAs(RecordDraft other) {
        return name.equals(other.name) && type == other.type && data.equals(other.data);
    }

    /** The record without its TTL: a key under which records that are the same (sameAs) are equal. */
    public RecordDraft withoutTtl() {
        return ttl == null ? this : new RecordDraft(name, type, data, null);
    }
}
