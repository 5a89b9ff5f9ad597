package net.hostingapi.platform.messages.control;

/**
 * A message code the API answers with. The numbers are part of the wire contract: clients switch on
 * them, so a code is never renumbered or reused. Platform's own codes are {@link CommonMessages};
 * each area keeps the codes only it answers with in an enum of its control package, so platform
 * never names an area. The numbers stay unique across all of them, and api.md, Message codes, lists every one:
 * MessageCodeTest collects the enums from the compiled classes to check both.
 */
public interface MessageCode {

    /** The number on the wire. */
    int code();

    /** The default text of a message with this code. */
    String text();

    /** The constant's name, as api.md lists it and the rate-limit metric tags it. */
    String name();
}
