package net.hostingapi.handles.control;

import java.time.format.DateTimeFormatter;
import net.hostingapi.handles.entity.Handle;

/** The words of a verification mail. Plain text: names are user input, and text/plain cannot inject markup. */
final class VerificationText {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm");

    private VerificationText() {
    }

    static String body(Handle handle, String link) {
        return "Hello " + handle.firstname() + " " + handle.lastname() + ",\n"
                + "\n"
                + "the domain handle " + handle.handle() + " names " + handle.email() + " as its e-mail address.\n"
                + "Please confirm that this address is yours by opening this link:\n"
                + "\n"
                + link + "\n"
                + "\n"
                + "The link works once, until " + handle.verification().deadline().format(TIME) + " UTC.\n"
                + "If you did not expect this mail, ignore it: nothing happens without the link.\n";
    }
}
