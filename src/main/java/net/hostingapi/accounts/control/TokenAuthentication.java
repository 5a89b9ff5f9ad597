package net.hostingapi.accounts.control;

import jakarta.annotation.security.PermitAll;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import net.hostingapi.accounts.entity.Right;

/** Resolves a token text into the caller it stands for; runs before anyone is authenticated. */
@Stateless
@PermitAll
public class TokenAuthentication {

    @PersistenceContext
    EntityManager em;

    /**
     * One query for the whole lookup: the token, its user and account, and its effective rights
     * (the token's rights its user still holds), since every authenticated request pays for it.
     */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Optional<ApiPrincipal> authenticate(String token) {
        if (token == null || token.length() > 512) {
            return Optional.empty();
        }
        List<?> rows = em.createNativeQuery("""
                SELECT t.id, t.valid_until, t.deactivated_at, u.id, u.username, u.account_id,
                       (SELECT GROUP_CONCAT(tr.right_key) FROM token_rights tr
                          JOIN user_rights ur ON ur.user_id = u.id AND ur.right_key = tr.right_key
                         WHERE tr.token_id = t.id)
                  FROM api_tokens t JOIN users u ON u.id = t.user_id
                 WHERE t.token_hash = ?""")
                .setParameter(1, TokenSecrets.hash(token))
                .getResultList();
        if (rows.isEmpty()) {
            return Optional.empty();
        }
        Object[] row = (Object[]) rows.get(0);
        LocalDateTime now = LocalDateTime.now(ZoneOffset.UTC);
        LocalDateTime validUntil = time(row[1]);
        if (row[2] != null || (validUntil != null && !validUntil.isAfter(now))) {
            return Optional.empty();
        }
        Set<Right> rights = EnumSet.noneOf(Right.class);
        if (row[6] != null) {
            for (String key : row[6].toString().split(",")) {
                rights.add(Right.valueOf(key));
            }
        }
        return Optional.of(new ApiPrincipal((String) row[4], number(row[5]), number(row[3]), number(row[0]), rights));
    }

    private static long number(Object value) {
        return ((Number) value).longValue();
    }

    private static LocalDateTime time(Object value) {
        return value == null ? null : value instanceof LocalDateTime t ? t : ((java.sql.Timestamp) value).toLocalDateTime();
    }
}
