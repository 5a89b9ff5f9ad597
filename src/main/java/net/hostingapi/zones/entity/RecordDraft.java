package net.hostingapi.zones.entity;

/** A record as validated and normalised from a request, before it is stored. */
public record RecordDraft(String name, RecordType type, String data, Integer ttl) {

    /** The record without its TTL: a key under which records of the same name, type and data are equal. */
    public RecordDraft withoutTtl() {
        return ttl == null ? this : new RecordDraft(name, type, data, null);
    }
}
