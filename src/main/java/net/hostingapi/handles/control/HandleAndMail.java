package net.hostingapi.handles.control;

import java.time.LocalDateTime;
import java.util.Optional;
import net.hostingapi.handles.entity.Handle;

/**
 * A handle as create, edit or resend left it, and when its verification mail goes out if the
 * limit of its address holds the mail back (empty: it goes now, or no mail was issued).
 */
public record HandleAndMail(Handle handle, Optional<LocalDateTime> mailHeldUntil) {

    static HandleAndMail of(Handle handle) {
        return new HandleAndMail(handle, Optional.empty());
    }
}
