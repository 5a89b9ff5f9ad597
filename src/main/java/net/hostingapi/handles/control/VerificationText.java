package net.hostingapi.handles.control;

import java.time.format.DateTimeFormatter;
import net.hostingapi.handles.entity.Handle;

/**
 * The words of a verification mail. It goes to any address an account types in, so the subject
 * and everything up to the link are the service's own text (who writes, why, what to do); what
 * the account typed (name, address) follows below, labelled as its entry, so that nobody can
 * make the mail open with words of their own. Plain text: it cannot carry markup.
 */
final class VerificationText {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm");

    private VerificationText() {}

    /** The handle's identifier is the service's own, never the caller's text. */
    static String subject(Handle handle) {
        return "Please verify the e-mail address of domain handle " + handle.handle();
    }

    static String body(Handle handle, String service, String link) {
        return "This is an automatic message from the hosting service at " + service + ".\n"
                + "\n"
                + "An account of this service entered this e-mail address for the domain handle " + handle.handle()
                + "\n"
                + "(the contact named for domain names). Please confirm that this address is yours\n"
                + "by opening this link:\n"
                + "\n"
                + link + "\n"
                + "\n"
                + "The link works once, until "
                + handle.verification().deadline().format(TIME) + " UTC.\n"
                + "If you did not expect this mail, ignore it: nothing happens without the link.\n"
                + "\n"
                + "-- The handle as the account entered it (not checked by us) --\n"
                + "Name:    " + handle.firstname() + " " + handle.lastname() + "\n"
                + "E-mail:  " + handle.email() + "\n";
    }
}
