package net.hostingapi.platform.envelope.control;

/**
 * Every message code the API answers with. The numbers are part of the wire contract: clients
 * switch on them, so a code is never renumbered or reused. api.md, Message codes, lists them.
 */
public enum MessageCode {
    // success: 2xxx
    OK(2000, "OK"),
    CREATED(2001, "Created"),
    UPDATED(2002, "Updated"),
    DELETED(2003, "Deleted"),
    DEACTIVATED(2004, "Deactivated"),
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
    HANDLE_CREATED(2020, "Handle created"),
    HANDLE_UPDATED(2021, "Handle updated"),
    HANDLE_DELETED(2022, "Handle deleted"),
    VERIFICATION_SENT(2023, "Verification mail sent"),
    VERIFICATION_CONFIRMED(2024, "E-mail address verified"),
    VERIFICATION_REFRESHED(2025, "Verification state re-evaluated"),
    ACTION_CREATED(2030, "Server action scheduled"),
    ACTION_CANCELLED(2031, "Server action cancelled"),
    STATUS_RECORDED(2032, "Status recorded"),
    MACHINE_REGISTERED(2033, "Machine registered"),
    MACHINE_REMOVED(2034, "Machine removed"),
    ZONE_RESTORED(2040, "Zone restored"),
    DNSSEC_ENABLED(2050, "The zone is signed from now on"),
    DNSSEC_DISABLED(2051, "DNSSEC is being removed from the zone"),
    NO_RECORDS_DELETED(2060, "No record matched; nothing deleted"),

    // warnings: 3xxx
    UNKNOWN_PARAMETER(3000, "Unknown parameter ignored"),
    PARAMETER_IGNORED(3001, "Parameter ignored; another name for it was given"),
    RECORD_ALREADY_PRESENT(3010, "Record already present; nothing changed"),
    NO_RECORD_MATCHED(3011, "No record matched; nothing deleted"),
    NOTHING_CHANGED(3012, "Nothing changed"),
    RECORD_TTL_CHANGED(3013, "Record already present; its TTL was changed"),
    RECORD_IGNORED(3014, "Records of the file not imported"),
    DNSSEC_REMOVAL(3015, "Remove the DS at the registry first: the zone is unsigned after a grace period"),
    ZONE_OWN_NAME(3020, "The zone is served under its own name already; nothing assigned"),
    VERIFICATION_MAIL_DEFERRED(
            3030, "Verification mail held back: the address has had its most mails for now; it is sent when it may be"),
    ACTIONS_CANCELLED(3040, "Unfinished server actions on the machine were cancelled"),

    // client errors: 4xxx (the last three digits follow the HTTP status where one fits)
    MALFORMED_REQUEST(4000, "Malformed request"),
    MALFORMED_JSON(4001, "The body is not a JSON object"),
    MALFORMED_ADDRESS(4002, "Not a MAC or IP address"),
    NESTED_TOO_DEEPLY(4003, "The parameters are nested too deeply"),
    MALFORMED_UTF8(4004, "Text in the request is not valid UTF-8"),
    MALFORMED_URI(4005, "The request URI is malformed"),
    AUTHENTICATION_REQUIRED(4010, "Authentication required: send an API token"),
    TOKEN_INVALID(4011, "The API token is unknown, expired or deactivated"),
    RIGHT_MISSING(4030, "The API token lacks a right this operation needs"),
    TOKEN_POLICY_DENIED(4031, "The API token's policy does not allow this"),
    NOT_FOUND(4040, "Not found"),
    PATH_NOT_FOUND(4041, "No such path"),
    VERIFICATION_LINK_INVALID(4042, "The verification link is unknown, used, or replaced by a newer one"),
    METHOD_NOT_ALLOWED(4050, "Method not allowed on this path"),
    NOT_ACCEPTABLE(4060, "No acceptable representation"),
    CONFLICT(4090, "Conflict"),
    NAME_TAKEN(4091, "The name is already taken"),
    CONCURRENT_CHANGE(4092, "The object was changed concurrently; retry"),
    INVALID_TRANSITION(4093, "The state cannot change that way"),
    STILL_IN_USE(4094, "The object is still in use"),
    VERIFICATION_EXPIRED(4095, "The verification link has expired; request a new one"),
    ALREADY_VERIFIED(4096, "The e-mail address is already verified"),
    BODY_TIMEOUT(4080, "The request body did not arrive in time"),
    BODY_TOO_LARGE(4130, "The request body is too large"),
    TOO_MANY_PARAMETERS(4131, "The request has too many parameters"),
    UNSUPPORTED_MEDIA_TYPE(4150, "Unsupported body format"),
    VALIDATION_FAILED(4220, "Validation failed"),
    FIELD_REQUIRED(4221, "Required"),
    FIELD_INVALID(4222, "Invalid value"),
    FIELD_OUT_OF_RANGE(4223, "Out of range"),
    FIELD_TOO_LONG(4224, "Too long"),
    FIELD_NOT_ALLOWED(4225, "Not allowed here"),
    FIELD_IMMUTABLE(4226, "Cannot be changed"),
    TOO_MANY_REQUESTS(4290, "Too many requests; retry later"),
    TOO_MANY_FAILED_AUTHENTICATIONS(4291, "Too many failed authentications; retry later"),
    VERIFICATION_RESEND_LIMIT(4292, "Verification mails for this handle are rate-limited; retry later"),
    VERIFICATION_MAIL_LIMIT(
            4293, "Too many verification mails from this account, or from it to this address; retry later"),
    TOO_MANY_SLOW_BODIES(4294, "Too many requests from your address are sending their bodies slowly; retry later"),

    // server errors: 5xxx
    INTERNAL_ERROR(5000, "Internal error"),
    DEPENDENCY_UNAVAILABLE(5030, "A dependency is unavailable; retry later");

    private final int code;
    private final String text;

    MessageCode(int code, String text) {
        this.code = code;
        this.text = text;
    }

    public int code() {
        return code;
    }

    public String text() {
        return text;
    }
}
