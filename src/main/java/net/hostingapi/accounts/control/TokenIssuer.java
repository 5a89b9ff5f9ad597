package net.hostingapi.accounts.control;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.Stateless;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import net.hostingapi.accounts.control.tsig.TsigAlgorithm;
import net.hostingapi.accounts.control.tsig.TsigSecrets;
import net.hostingapi.accounts.entity.ApiToken;
import net.hostingapi.accounts.entity.ApiUser;
import net.hostingapi.accounts.entity.Right;
import net.hostingapi.accounts.entity.TokenPolicy;
import net.hostingapi.platform.messages.control.ApiException;
import net.hostingapi.platform.messages.control.CommonMessages;
import net.hostingapi.platform.messages.control.Violations;
import net.hostingapi.platform.parameters.control.FieldUpdate;

/** Issues, lists and deactivates the API tokens of the caller's account. */
@Stateless
public class TokenIssuer {

    /**
     * A token as stored, the text of a new one and its new TSIG key (both shown once, the text
     * never stored, the key's secret only sealed); text and key may be null.
     */
    public record IssuedToken(ApiToken token, String text, TsigSecrets.NewKey tsigKey) {

        public IssuedToken(ApiToken token, String text) {
            this(token, text, null);
        }
    }

    @PersistenceContext
    EntityManager em;

    @Inject
    CurrentCaller caller;

    @Inject
    AccountReferences references;

    @Inject
    TsigSecrets tsigSecrets;

    /** Tokens read before a change are read again after it commits ({@link RecentTokens}). */
    @Inject
    Event<TokensChanged> tokensChanged;

    /**
     * Issues a token for a user of the account. Its rights are at most the caller's own, and
     * ones the user holds; without {@code rights} it gets the caller's rights the user holds.
     */
    @RolesAllowed(Right.Names.ACCOUNT_TOKENS_CRUD)
    public IssuedToken issue(
            String username,
            LocalDateTime validUntil,
            List<Right> requested,
            TokenPolicyInput policyInput,
            String tsigAlgorithm) {
        ApiUser user = username == null
                ? em.find(ApiUser.class, caller.principal().userId())
                : references.user("user", username);
        if (validUntil != null && !validUntil.isAfter(LocalDateTime.now(ZoneOffset.UTC))) {
            throw ApiException.invalid("valid_until", CommonMessages.FIELD_INVALID, "must lie in the future");
        }
        Set<Right> own = caller.principal().rights();
        Set<Right> rights = EnumSet.noneOf(Right.class);
        Violations violations = new Violations();
        if (requested == null) {
            own.stream().filter(user::holds).forEach(rights::add);
        } else {
            for (int i = 0; i < requested.size(); i++) {
                Right right = requested.get(i);
                if (!own.contains(right)) {
                    violations
                            .at("rights")
                            .at(i)
                            .add(CommonMessages.FIELD_NOT_ALLOWED, right + " is not among your own rights");
                } else if (!user.holds(right)) {
                    violations
                            .at("rights")
                            .at(i)
                            .add(
                                    CommonMessages.FIELD_NOT_ALLOWED,
                                    "user " + user.username() + " does not hold " + right);
                } else {
                    rights.add(right);
                }
            }
        }
        TokenPolicy policy = policyInput.toPolicy(violations);
        TsigAlgorithm algorithm = tsigAlgorithm(tsigAlgorithm, violations);
        violations.throwIfAny();
        requireWithinOwnPolicy(policy);
        requireTsigKeys(algorithm);
        IssuedToken issued = issue(em, user, rights, validUntil, policy, TokenSecrets.newToken());
        return algorithm == null
                ? issued
                : new IssuedToken(issued.token(), issued.text(), giveTsigKey(issued.token(), algorithm));
    }

    /** The algorithm asked for, null when none was; an unknown one is a violation naming those we take. */
    private static TsigAlgorithm tsigAlgorithm(String wire, Violations violations) {
        if (wire == null) {
            return null;
        }
        TsigAlgorithm algorithm = TsigAlgorithm.ofWireName(wire).orElse(null);
        if (algorithm == null) {
            violations
                    .at("tsig_algorithm")
                    .add(CommonMessages.FIELD_INVALID, "must be one of " + TsigAlgorithm.allowed());
        }
        return algorithm;
    }

    /** Before anything is stored: a service without its key encryption key issues no TSIG key. */
    private void requireTsigKeys(TsigAlgorithm algorithm) {
        if (algorithm != null && tsigSecrets.problem() != null) {
            throw new ApiException(
                    503,
                    AccountMessages.TSIG_KEYS_UNAVAILABLE,
                    AccountMessages.TSIG_KEYS_UNAVAILABLE.text() + " (" + tsigSecrets.problem()
                            + "; configuration.md)");
        }
    }

    /** The key is named after the token's id, so the token is stored (and has one) first. */
    private TsigSecrets.NewKey giveTsigKey(ApiToken token, TsigAlgorithm algorithm) {
        TsigSecrets.NewKey key = tsigSecrets.newKey(token.id(), algorithm);
        token.carryTsigKey(key.name(), algorithm.wireName(), key.sealed());
        em.flush();
        return key;
    }

    static IssuedToken issue(
            EntityManager em,
            ApiUser user,
            Set<Right> rights,
            LocalDateTime validUntil,
            TokenPolicy policy,
            String text) {
        ApiToken token = new ApiToken(user, TokenSecrets.hash(text), rights, validUntil, policy);
        em.persist(token);
        em.flush();
        return new IssuedToken(token, text);
    }

    @RolesAllowed(Right.Names.ACCOUNT_TOKENS_LIST)
    public List<ApiToken> list() {
        return em.createNamedQuery(ApiToken.IN_ACCOUNT, ApiToken.class)
                .setParameter("account", caller.accountId())
                .getResultList();
    }

    /**
     * A token of the caller's account by its id (digits) or by its text, looked up by the text's
     * hash: the text is never stored, and an unknown text or another account's token is 404 alike.
     */
    @RolesAllowed(Right.Names.ACCOUNT_TOKENS_LIST)
    public ApiToken show(String idOrText) {
        return find(idOrText);
    }

    private ApiToken find(String idOrText) {
        ApiToken token;
        if (idOrText.matches("[0-9]{1,18}")) {
            token = em.find(ApiToken.class, Long.parseLong(idOrText));
        } else {
            token = em.createNamedQuery(ApiToken.BY_HASH, ApiToken.class)
                    .setParameter("hash", TokenSecrets.hash(idOrText))
                    .getResultStream()
                    .findFirst()
                    .orElse(null);
        }
        if (token == null || token.user().account().id() != caller.accountId()) {
            throw ApiException.notFound("Token");
        }
        return token;
    }

    /**
     * Replaces the policy fields given ({@code null} or an empty list clears one); the others stay.
     * Takes effect at the token's next request. With {@code tsigAlgorithm}, gives a token without a
     * TSIG key one (a token with one is 409: a key in use is not swapped under its nameserver
     * clients; a new token gets a new key).
     */
    @RolesAllowed(Right.Names.ACCOUNT_TOKENS_CRUD)
    public IssuedToken restrict(
            String idOrText,
            FieldUpdate<List<String>> zones,
            FieldUpdate<List<String>> names,
            FieldUpdate<List<String>> types,
            FieldUpdate<List<String>> subnets,
            FieldUpdate<Integer> maxUnusedDays,
            String tsigAlgorithm) {
        ApiToken token = find(idOrText);
        TokenPolicy stored = token.policy();
        TokenPolicyInput input = new TokenPolicyInput(
                zones.isGiven() ? zones.value() : stored.zones(),
                names.isGiven() ? names.value() : stored.names(),
                types.isGiven() ? types.value() : stored.types(),
                subnets.isGiven() ? subnets.value() : stored.subnets(),
                maxUnusedDays.isGiven() ? maxUnusedDays.value() : stored.maxUnusedDays());
        Violations violations = new Violations();
        TokenPolicy policy = input.toPolicy(violations);
        TsigAlgorithm algorithm = tsigAlgorithm(tsigAlgorithm, violations);
        violations.throwIfAny();
        requireWithinOwnPolicy(policy);
        if (algorithm != null && token.hasTsigKey()) {
            throw ApiException.conflict(
                    CommonMessages.CONFLICT,
                    "The token has a TSIG key already (" + token.tsigName() + "); issue a new token for another key");
        }
        requireTsigKeys(algorithm);
        token.restrictTo(policy);
        tokensChanged.fire(new TokensChanged());
        return new IssuedToken(token, null, algorithm == null ? null : giveTsigKey(token, algorithm));
    }

    /** A token cannot give another (or itself) more than its own policy allows. */
    private void requireWithinOwnPolicy(TokenPolicy policy) {
        List<String> widened = caller.principal().policy().widenedBy(policy);
        if (!widened.isEmpty()) {
            throw ApiException.forbidden(
                    AccountMessages.TOKEN_POLICY_DENIED,
                    "The new policy allows more than your token's own in " + widened + " (yours: "
                            + caller.principal().policy().describe() + ")");
        }
    }

    /** Takes effect at once: the next request with this token is refused. */
    @RolesAllowed(Right.Names.ACCOUNT_TOKENS_CRUD)
    public ApiToken deactivate(String idOrText) {
        ApiToken token = find(idOrText);
        token.deactivate();
        tokensChanged.fire(new TokensChanged());
        return token;
    }
}
