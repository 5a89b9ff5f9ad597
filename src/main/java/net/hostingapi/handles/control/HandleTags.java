package net.hostingapi.handles.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.temporal.ChronoUnit;
import net.hostingapi.handles.entity.Handle;
import net.hostingapi.platform.preconditions.control.EntityTags;
import net.hostingapi.platform.preconditions.control.Preconditions;

/**
 * A handle's entity tag (api.md, Conditional requests): everything its answer shows is in its row,
 * whose version every change raises (the verification too), except its user and project, which
 * deleting them unlinks without touching the row: they are named apart.
 */
@ApplicationScoped
public class HandleTags {

    @Inject
    Preconditions preconditions;

    public static String of(Handle handle) {
        return EntityTags.strong(
                "handle",
                handle.id(),
                handle.createdAt().truncatedTo(ChronoUnit.SECONDS),
                handle.version(),
                handle.user() == null ? null : handle.user().username(),
                handle.project() == null ? null : handle.project().uuid());
    }

    /** Whether the request sent If-Match: only then does a write lock the handle's row to check it. */
    boolean ifMatchGiven() {
        return preconditions.ifMatchGiven();
    }

    /** The If-Match check of a write, with the handle's row locked in the caller's transaction. */
    void requireMatch(Handle handle) {
        if (preconditions.ifMatchGiven()) {
            preconditions.requireMatch("handle", of(handle));
        }
    }

    /** If-None-Match names this tag: the caller's copy is current (304). */
    public boolean notModified(String tag) {
        return preconditions.notModified(tag);
    }
}
