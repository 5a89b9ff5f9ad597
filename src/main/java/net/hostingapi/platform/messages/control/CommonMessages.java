package net.hostingapi.platform.messages.control;

/**
 * The message codes platform answers with, or more than one area does: success, parameters,
 * validation, authentication, not found, conflicts, rate limits, server errors. A code only one area
 * answers with lives in that area's control package. Numbers are wire contract, unique across all
 * areas (see {@link MessageCode}).
 */
public enum CommonMessages implements MessageCode {
    // success: 2xxx
    OK(2000, "OK"),

    // warnings: 3xxx
    UNKNOWN_PARAMETER(3000, "Unknown parameter ignored"),
    PARAMETER_IGNORED(3001, "Parameter ignored; another name for it was given"),

    // client errors: 4xxx (the last three digits follow the HTTP status where one fits)
    MALFORMED_REQUEST(4000, "Malformed request"),
    MALFORMED_JSON(4001, "The body is not a JSON object"),
    MALFORMED_ADDRESS(4002, "Not a MAC or IP address"),
    NESTED_TOO_DEEPLY(4003, "The parameters are nested too deeply"),
    MALFORMED_UTF8(4004, "Text in the request is not valid UTF-8"),
    MALFORMED_URI(4005, "The request URI is malformed"),
    AUTHENTICATION_REQUIRED(4010, "Authentication required: send an API token"),
    RIGHT_MISSING(4030, "The API token lacks a right this operation needs"),
    NOT_FOUND(4040, "Not found"),
    PATH_NOT_FOUND(4041, "No such path"),
    METHOD_NOT_ALLOWED(4050, "Method not allowed on this path"),
    NOT_ACCEPTABLE(4060, "No acceptable representation"),
    CONFLICT(4090, "Conflict"),
    NAME_TAKEN(4091, "The name is already taken"),
    CONCURRENT_CHANGE(4092, "The object was changed concurrently; retry"),
    BODY_TIMEOUT(4080, "The request body did not arrive in time"),
    PRECONDITION_FAILED(4120, "The object was changed since the entity tag given in If-Match"),
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
    TOO_MANY_SLOW_BODIES(4294, "Too many requests from your address are sending their bodies slowly; retry later"),

    // server errors: 5xxx
    INTERNAL_ERROR(5000, "Internal error"),
    DEPENDENCY_UNAVAILABLE(5030, "A dependency is unavailable; retry later");

    private final int code;
    private final String text;

    CommonMessages(int code, String text) {
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
