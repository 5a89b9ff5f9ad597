package net.hostingapi.accounts.control;

import jakarta.annotation.Resource;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.EJB;
import jakarta.ejb.SessionContext;
import jakarta.ejb.Stateless;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import net.hostingapi.accounts.entity.ApiUser;
import net.hostingapi.accounts.entity.Right;
import net.hostingapi.platform.messages.control.ApiException;
import net.hostingapi.platform.messages.control.CommonMessages;
import net.hostingapi.platform.messages.control.Violations;

/** The catalogue of rights, the caller's own, and the granting of rights to the account's users. */
@Stateless
public class PermissionRegistry {

    /** Who the container says is calling, and the rights it says the caller has. */
    public record Assignment(String username, Set<Right> rights) {}

    @Resource
    SessionContext session;

    @PersistenceContext
    EntityManager em;

    @Inject
    CurrentCaller caller;

    @EJB
    UserDirectory users;

    /** Tokens read before a change are read again after it commits ({@link RecentTokens}). */
    @Inject
    Event<TokensChanged> tokensChanged;

    /**
     * The caller's rights exactly as the EJB container sees them: the caller principal and
     * {@code isCallerInRole} for every right, each a role the application declares. No lookup of
     * our own is involved.
     */
    @RolesAllowed(Right.Names.CALLER)
    public Assignment assigned() {
        Set<Right> rights = EnumSet.noneOf(Right.class);
        for (Right right : Right.values()) {
            if (session.isCallerInRole(right.name())) {
                rights.add(right);
            }
        }
        return new Assignment(session.getCallerPrincipal().getName(), rights);
    }

    /** Replaces a user's rights; a caller grants only rights it holds itself. */
    @RolesAllowed(Right.Names.ACCOUNT_PERMISSIONS_UPDATE)
    public ApiUser update(String username, List<Right> permissions) {
        ApiUser user = users.find(username).orElseThrow(() -> ApiException.notFound("User"));
        Set<Right> own = caller.principal().rights();
        Set<Right> granted = EnumSet.noneOf(Right.class);
        Violations violations = new Violations();
        for (int i = 0; i < permissions.size(); i++) {
            Right right = permissions.get(i);
            if (!own.contains(right) || !user.account().grantableRights().contains(right)) {
                violations
                        .at("permissions")
                        .at(i)
                        .add(CommonMessages.FIELD_NOT_ALLOWED, right + " is not yours to grant");
            } else {
                granted.add(right);
            }
        }
        // Rights the caller does not hold are neither granted nor taken away by it.
        user.rights().stream().filter(r -> !own.contains(r)).forEach(granted::add);
        violations.throwIfAny();
        user.assignRights(granted);
        tokensChanged.fire(new TokensChanged());
        return user;
    }
}
