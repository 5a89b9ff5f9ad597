package net.hostingapi.accounts.control;

import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import net.hostingapi.accounts.entity.ApiUser;
import net.hostingapi.accounts.entity.Project;
import net.hostingapi.platform.messages.control.ApiException;
import net.hostingapi.platform.messages.control.CommonMessages;
import net.hostingapi.platform.parameters.control.FieldUpdate;

/**
 * The one lookup of the users and projects a request names ({@code user}, {@code project_uuid}),
 * in the caller's account: a name from another account does not exist for the caller. The binder
 * checks them first ({@link KnownUser}, {@link KnownProject}); one deleted since is refused here
 * with the same message, before anything is stored.
 */
@ApplicationScoped
public class AccountReferences {

    static final String NO_SUCH_USER = "no such user in the account";
    static final String NO_SUCH_PROJECT = "no such project in the account";

    @EJB
    UserDirectory users;

    @EJB
    ProjectRegistry projects;

    /** The user named in {@code field}; null when none was named. */
    public ApiUser user(String field, String username) {
        return username == null
                ? null
                : users.find(username)
                        .orElseThrow(() -> ApiException.invalid(field, CommonMessages.FIELD_INVALID, NO_SUCH_USER));
    }

    /** The project named in {@code field}: absent, cleared, or set to a project of the account. */
    public FieldUpdate<Project> project(String field, FieldUpdate<String> uuid) {
        return uuid.map(given -> projects.find(given)
                .orElseThrow(() -> ApiException.invalid(field, CommonMessages.FIELD_INVALID, NO_SUCH_PROJECT)));
    }
}
