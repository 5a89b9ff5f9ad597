package net.hostingapi.accounts.control;

import jakarta.annotation.Resource;
import jakarta.annotation.security.PermitAll;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import javax.sql.DataSource;
import net.hostingapi.accounts.entity.Right;

/** Resolves a token text into the caller it stands for; runs before anyone is authenticated. */
@Stateless
@PermitAll
public class TokenAuthentication {

    @Resource(lookup = "jdbc/hosting")
    DataSource database;

    /**
     * One query for the whole lookup: the token, its user and account, and its effective rights
     * (the token's rights its user still holds), since every authenticated request pays for it.
     * Plain JDBC: through the entity manager, outside a transaction, each such query built and
     * closed an entity manager of its own (a tenth of a zone show's time, JFR).
     */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Optional<ApiPrincipal> authenticate(String token) {
        if (token == null || token.length() > 512) {
            return Optional.empty();
        }
        try (Connection connection = database.getConnection();
                PreparedStatement query = connection.prepareStatement("""
                SELECT t.id, t.valid_until, t.deactivated_at, u.id, u.username, u.account_id,
                       (SELECT GROUP_CONCAT(tr.right_key) FROM token_rights tr
                          JOIN user_rights ur ON ur.user_id = u.id AND ur.right_key = tr.right_key
                         WHERE tr.token_id = t.id)
                  FROM api_tokens t JOIN users u ON u.id = t.user_id
                 WHERE t.token_hash = ?""")) {
            query.setString(1, TokenSecrets.hash(token));
            try (ResultSet row = query.executeQuery()) {
                return row.next() ? principal(row) : Optional.empty();
            }
        } catch (SQLException e) {
            throw new IllegalStateException("The token lookup failed: " + e.getMessage(), e);
        }
    }

    private static Optional<ApiPrincipal> principal(ResultSet row) throws SQLException {
        LocalDateTime now = LocalDateTime.now(ZoneOffset.UTC);
        LocalDateTime validUntil = row.getObject(2, LocalDateTime.class);
        if (row.getObject(3) != null || (validUntil != null && !validUntil.isAfter(now))) {
            return Optional.empty();
        }
        Set<Right> rights = EnumSet.noneOf(Right.class);
        String keys = row.getString(7);
        if (keys != null) {
            for (String key : keys.split(",")) {
                rights.add(Right.valueOf(key));
            }
        }
        return Optional.of(new ApiPrincipal(row.getString(5), row.getLong(6), row.getLong(4), row.getLong(1), rights));
    }
}
