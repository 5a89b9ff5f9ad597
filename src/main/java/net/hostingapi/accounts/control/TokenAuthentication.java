package net.hostingapi.accounts.control;

import jakarta.annotation.security.PermitAll;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Optional;
import net.hostingapi.accounts.entity.ApiToken;

/** Resolves a token text into the caller it stands for; runs before anyone is authenticated. */
@Stateless
@PermitAll
public class TokenAuthentication {

    @PersistenceContext
    EntityManager em;

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Optional<ApiPrincipal> authenticate(String token) {
        if (token == null || token.length() > 512) {
            return Optional.empty();
        }
        return em.createNamedQuery(ApiToken.BY_HASH, ApiToken.class)
                .setParameter("hash", TokenSecrets.hash(token))
                .getResultStream()
                .filter(t -> t.isUsableAt(LocalDateTime.now(ZoneOffset.UTC)))
                .findFirst()
                .map(t -> new ApiPrincipal(t.user().username(), t.user().account().id(), t.user().id(), t.id(),
                        t.effectiveRights()));
    }
}
