package net.hostingapi.accounts.control;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import net.hostingapi.accounts.entity.Account;
import net.hostingapi.accounts.entity.ApiUser;
import net.hostingapi.accounts.entity.Right;
import net.hostingapi.platform.messages.control.ApiException;
import net.hostingapi.platform.messages.control.CommonMessages;

/** The users of the caller's account. */
@Stateless
public class UserDirectory {

    @PersistenceContext
    EntityManager em;

    @Inject
    CurrentCaller caller;

    @RolesAllowed(Right.Names.ACCOUNT_USERS_LIST)
    public List<ApiUser> list() {
        return em.createNamedQuery(ApiUser.IN_ACCOUNT, ApiUser.class)
                .setParameter("account", caller.accountId())
                .getResultList();
    }

    @RolesAllowed(Right.Names.ACCOUNT_USERS_LIST)
    public ApiUser show(String username) {
        return find(username).orElseThrow(() -> ApiException.notFound("User"));
    }

    /** A new user holds no rights until they are granted with permissions/update. */
    @RolesAllowed(Right.Names.ACCOUNT_USERS_CRUD)
    public ApiUser create(String username, String email) {
        requireFree(em, username);
        ApiUser user = new ApiUser(
                em.find(Account.class, caller.accountId()), username, email, false, EnumSet.noneOf(Right.class));
        em.persist(user);
        em.flush();
        return user;
    }

    /** A user of the caller's account; users of other accounts do not exist for the caller. */
    @RolesAllowed(Right.Names.CALLER)
    public Optional<ApiUser> find(String username) {
        return em.createNamedQuery(ApiUser.BY_USERNAME, ApiUser.class)
                .setParameter("username", username)
                .getResultStream()
                .filter(u -> u.account().id() == caller.accountId())
                .findFirst();
    }

    static void requireFree(EntityManager em, String username) {
        if (!em.createNamedQuery(ApiUser.BY_USERNAME, ApiUser.class)
                .setParameter("username", username)
                .getResultList()
                .isEmpty()) {
            throw ApiException.conflict(CommonMessages.NAME_TAKEN, "The username is already taken");
        }
    }
}
