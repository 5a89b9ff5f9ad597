package net.hostingapi.datacenter.entity;

/**
 * A report the server action's state machine does not allow (api.md, Server actions); the message
 * says why, in the words the client is answered with.
 */
public class InvalidTransition extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    public InvalidTransition(String message) {
        super(message);
    }
}
