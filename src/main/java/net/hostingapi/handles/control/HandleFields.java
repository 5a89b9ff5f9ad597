package net.hostingapi.handles.control;

/** The specification's field patterns, used as written (its number pattern really says {@code A-z}). */
final class HandleFields {

    static final String NUMBER = "^[a-zA-z0-9 \\/\\-]{1,10}$";
    static final String POSTCODE = ".+";
    static final String CITY = "^[^@`\u00b4]+$";
    static final String REGION = "^[^@`\u00b4()]+$";
    /** International format: plus sign, country code, dot, subscriber digits. */
    static final String PHONE = "^\\+[0-9]{1,3}\\.[0-9]{1,14}$";

    static final String PHONE_MESSAGE = "must be in international format +CC.NUMBER, e.g. +49.301234567";

    private HandleFields() {}
}
