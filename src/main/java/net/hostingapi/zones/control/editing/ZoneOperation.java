package net.hostingapi.zones.control.editing;

/** The API operation a zone change came from, as the change history names it. */
public enum ZoneOperation {
    CREATE("create"),
    UPDATE("update"),
    DELETE("delete"),
    RECORDS_ADD("records/add"),
    RECORDS_DELETE("records/delete"),
    ASSIGN_DOMAIN("assignDomain"),
    DISSOCIATE_DOMAIN("dissociateDomain"),
    IMPORT("import"),
    RESTORE("restore"),
    /** An RFC 2136 UPDATE received by the DNS listener. */
    DNS_UPDATE("dns-update"),
    /** RRsets replaced by rrsets/change. */
    RRSETS_CHANGE("rrsets/change");

    private final String wireName;

    ZoneOperation(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }
}
