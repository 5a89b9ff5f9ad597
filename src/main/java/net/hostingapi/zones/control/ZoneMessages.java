package net.hostingapi.zones.control;

import net.hostingapi.platform.messages.control.MessageCode;

/**
 * The message codes only the zone area answers with: zone changes, records, delegation, DNSSEC.
 * Numbers are wire contract, unique across all areas (see {@link MessageCode}).
 */
public enum ZoneMessages implements MessageCode {
    // success: 2xxx
    ZONE_CREATED(2010, "Zone created"),
    ZONE_UPDATED(2011, "Zone updated"),
    ZONE_DELETED(2012, "Zone deleted"),
    RECORDS_ADDED(2013, "Records added"),
    RECORDS_DELETED(2014, "Records deleted"),
    ZONE_REFRESHED(2015, "Zone loaded onto the nameserver"),
    DOMAIN_ASSIGNED(2016, "Domain assigned"),
    DOMAIN_DISSOCIATED(2017, "Domain dissociated"),
    ZONE_IMPORTED(2018, "Zone imported"),
    IMPORT_CHECKED(2019, "Zone file checked; nothing changed (dry run)"),
    DNSSEC_ENABLED(2050, "The zone is signed from now on"),
    DNSSEC_DISABLED(2051, "DNSSEC is being removed from the zone"),
    NO_RECORDS_DELETED(2060, "No record matched; nothing deleted"),
    RRSETS_CHANGED(2061, "RRsets changed"),

    // warnings: 3xxx
    RECORD_ALREADY_PRESENT(3010, "Record already present; nothing changed"),
    NO_RECORD_MATCHED(3011, "No record matched; nothing deleted"),
    NOTHING_CHANGED(3012, "Nothing changed"),
    RECORD_TTL_CHANGED(3013, "Record already present; its TTL was changed"),
    RECORD_IGNORED(3014, "Records of the file not imported"),
    DNSSEC_REMOVAL(3015, "Remove the DS at the registry first: the zone is unsigned after a grace period"),
    ZONE_OWN_NAME(3020, "The zone is served under its own name already; nothing assigned"),

    // client errors: 4xxx (the last three digits follow the HTTP status where one fits)
    STILL_IN_USE(4094, "The object is still in use");

    private final int code;
    private final String text;

    ZoneMessages(int code, String text) {
        this.code = code;
        this.text = text;
    }

    @Override
    public int code() {
        return code;
    }

    @Override
    public String text() {
        return text;
    }
}
