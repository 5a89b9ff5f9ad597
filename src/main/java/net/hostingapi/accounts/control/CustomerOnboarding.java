package net.hostingapi.accounts.control;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.Stateless;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import net.hostingapi.accounts.entity.Account;
import net.hostingapi.accounts.entity.ApiUser;
import net.hostingapi.accounts.entity.Right;
import net.hostingapi.accounts.entity.TokenPolicy;

/** The operator's way in for a new customer: an account, its owner user, and a first token with every customer right. */
@Stateless
public class CustomerOnboarding {

    public record Onboarded(Account account, ApiUser owner, TokenIssuer.IssuedToken token) {}

    @PersistenceContext
    EntityManager em;

    @RolesAllowed(Right.Names.CUSTOMERS_CREATE)
    public Onboarded create(String username, String email) {
        UserDirectory.requireFree(em, username);
        return onboard(em, username, email, false, TokenSecrets.newToken());
    }

    /** Also used once by {@link OperatorBootstrap}, for the operator's account with a token text of the operator's choosing. */
    static Onboarded onboard(EntityManager em, String username, String email, boolean operator, String tokenText) {
        Account account = new Account(username, operator);
        em.persist(account);
        ApiUser owner = new ApiUser(account, username, email, true, account.grantableRights());
        em.persist(owner);
        em.flush();
        return new Onboarded(
                account,
                owner,
                TokenIssuer.issue(em, owner, account.grantableRights(), null, TokenPolicy.NONE, tokenText));
    }
}
