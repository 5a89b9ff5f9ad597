package net.hostingapi.datacenter.control;

import net.hostingapi.platform.messages.control.MessageCode;

/**
 * The message codes only the datacenter area answers with: machines, their server actions.
 * Numbers are wire contract, unique across all areas (see {@link MessageCode}).
 */
public enum MachineMessages implements MessageCode {
    // success: 2xxx
    ACTION_CREATED(2030, "Server action scheduled"),
    ACTION_CANCELLED(2031, "Server action cancelled"),
    STATUS_RECORDED(2032, "Status recorded"),
    MACHINE_REGISTERED(2033, "Machine registered"),
    MACHINE_REMOVED(2034, "Machine removed"),

    // warnings: 3xxx
    ACTIONS_CANCELLED(3040, "Unfinished server actions on the machine were cancelled"),

    // client errors: 4xxx (the last three digits follow the HTTP status where one fits)
    INVALID_TRANSITION(4093, "The state cannot change that way");

    private final int code;
    private final String text;

    MachineMessages(int code, String text) {
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
