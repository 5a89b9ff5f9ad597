package net.hostingapi.accounts.control;

import jakarta.annotation.Resource;
import jakarta.annotation.security.PermitAll;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import javax.sql.DataSource;
import net.hostingapi.accounts.control.tsig.TsigAlgorithm;
import net.hostingapi.accounts.control.tsig.TsigSecrets;
import net.hostingapi.accounts.entity.Right;
import net.hostingapi.accounts.entity.TokenPolicy;
import net.hostingapi.platform.database.control.PooledConnections;
import org.xbill.DNS.Name;
import org.xbill.DNS.TSIG;

/**
 * Resolves a token text, or the name of a token's TSIG key, into the caller it stands for; runs
 * before anyone is authenticated.
 */
@Stateless
@PermitAll
public class TokenAuthentication {

    /** What {@link #stored} reads; the token's text authenticates with nothing more. */
    private static final String COLUMNS = """
            SELECT t.id, t.valid_until, t.deactivated_at, u.id, u.username, u.account_id,
                   t.right_keys, t.policy_zones, t.policy_names, t.policy_types, t.policy_subnets,
                   t.max_unused_days, t.last_used_at, t.created_at, u.right_keys""";

    private static final String FROM = " FROM api_tokens t JOIN users u ON u.id = t.user_id";

    private static final String BY_HASH = COLUMNS + FROM + " WHERE t.token_hash = ?";

    private static final String BY_TSIG_NAME =
            COLUMNS + ", t.tsig_algorithm, t.tsig_secret" + FROM + " WHERE t.tsig_name = ?";

    /**
     * A token's TSIG key as a nameserver verifies a signed message with it ({@link #tsig()}),
     * and the caller the message then acts as: the token's, as its HTTP requests get it.
     */
    public record TsigKey(
            Name name, TsigAlgorithm algorithm, byte[] secret, ApiPrincipal caller, LocalDateTime lastUsed) {

        public TSIG tsig() {
            return new TSIG(algorithm.dnsName(), name, secret);
        }

        @Override
        public String toString() {
            return "TsigKey[" + name + ", " + algorithm.wireName() + ", token " + caller.tokenId() + "]";
        }
    }

    @Resource(lookup = "jdbc/hosting")
    DataSource database;

    @Inject
    RecentTokens recent;

    @Inject
    TsigSecrets tsigSecrets;

    /**
     * A token read within the last moment ({@link RecentTokens}), or one query for the whole
     * lookup: the token, its user and account, and the rights of both (the token's effective
     * rights are those its user still holds).
     * Plain JDBC: through the entity manager, outside a transaction, each such query built and
     * closed an entity manager of its own (a tenth of a zone show's time, JFR).
     */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Optional<ApiPrincipal> authenticate(String token, String clientAddress) {
        if (token == null || token.length() > 512) {
            return Optional.empty();
        }
        String hash = TokenSecrets.hash(token);
        LocalDateTime now = LocalDateTime.now(ZoneOffset.UTC);
        StoredToken stored = recent.recent(hash);
        if (stored != null) {
            return stored.caller(clientAddress, now);
        }
        long changesBefore = recent.changeCount();
        try {
            return PooledConnections.use(
                    database, connection -> lookUp(connection, hash, clientAddress, now, changesBefore));
        } catch (SQLException e) {
            throw new IllegalStateException("The token lookup failed: " + e.getMessage(), e);
        }
    }

    private Optional<ApiPrincipal> lookUp(
            Connection connection, String hash, String clientAddress, LocalDateTime now, long changesBefore)
            throws SQLException {
        StoredToken stored;
        try (PreparedStatement query = connection.prepareStatement(BY_HASH)) {
            query.setString(1, hash);
            try (ResultSet row = query.executeQuery()) {
                if (!row.next()) {
                    return Optional.empty();
                }
                stored = stored(row);
            }
        }
        Optional<ApiPrincipal> caller = stored.caller(clientAddress, now);
        if (caller.isPresent()) {
            touch(connection, stored.tokenId(), stored.lastUsed());
        }
        recent.keep(hash, stored, changesBefore);
        return caller;
    }

    /**
     * The key of this name with the caller its token stands for when a message signed with it
     * comes from {@code clientAddress}: empty, as {@link #authenticate} refuses the token's text,
     * when the token is deactivated, expired, unused too long or limited to other subnets, and when
     * the key is unknown or its secret does not open (TSIG_KEY_ENCRYPTION_KEY unset or changed).
     * Kept as a token is ({@link RecentTokens}, TOKEN_CACHE_MILLIS): a deactivation on this instance
     * applies at once, on another within that time; the use is recorded
     * only by {@link #tsigKeyUsed}, once the signature has been verified, so that a key's name
     * alone cannot keep its token from expiring for disuse.
     */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Optional<TsigKey> tsigKey(Name name, String clientAddress) {
        String wireName = name.toString(true).toLowerCase(Locale.ROOT);
        RecentTokens.StoredKey stored = recent.recentKey(wireName);
        if (stored == null) {
            long changesBefore = recent.changeCount();
            Optional<RecentTokens.StoredKey> read = readKey(wireName);
            if (read.isEmpty()) {
                return Optional.empty();
            }
            stored = read.get();
            recent.keepKey(wireName, stored, changesBefore);
        }
        RecentTokens.StoredKey key = stored;
        return key.token()
                .caller(clientAddress, LocalDateTime.now(ZoneOffset.UTC))
                .map(caller -> new TsigKey(
                        name,
                        key.algorithm(),
                        key.secret(),
                        caller.signedWith(wireName),
                        key.token().lastUsed()));
    }

    /** The key of this name, its secret opened; empty when unknown or when the secret does not open. */
    private Optional<RecentTokens.StoredKey> readKey(String wireName) {
        try {
            return PooledConnections.use(database, connection -> {
                try (PreparedStatement query = connection.prepareStatement(BY_TSIG_NAME)) {
                    query.setString(1, wireName);
                    try (ResultSet row = query.executeQuery()) {
                        if (!row.next()) {
                            return Optional.empty();
                        }
                        StoredToken token = stored(row);
                        Optional<TsigAlgorithm> algorithm = TsigAlgorithm.ofWireName(row.getString(16));
                        if (algorithm.isEmpty()) {
                            return Optional.empty();
                        }
                        return tsigSecrets
                                .open(wireName, row.getBytes(17))
                                .map(secret -> new RecentTokens.StoredKey(token, algorithm.get(), secret));
                    }
                }
            });
        } catch (SQLException e) {
            throw new IllegalStateException("The TSIG key lookup failed: " + e.getMessage(), e);
        }
    }

    /** A message signed with the key was verified: its token counts as used (max_unused_days). */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public void tsigKeyUsed(TsigKey key) {
        if (usedWithinTheHour(key.lastUsed())) {
            return; // not even a connection: taking one costs the pool's ping
        }
        try {
            PooledConnections.use(database, connection -> {
                // at most once an hour, as for HTTP: every UPDATE wrote the token's row, a lock all its clients queued
                // on
                touch(connection, key.caller().tokenId(), key.lastUsed());
                return null;
            });
        } catch (SQLException e) {
            throw new IllegalStateException("Recording the TSIG key's use failed: " + e.getMessage(), e);
        }
    }

    /**
     * Records the use for max_unused_days at most once an hour: a write per request would cost
     * every request a second statement and a row lock on its token.
     */
    private static void touch(Connection connection, long tokenId, LocalDateTime lastUsed) throws SQLException {
        if (usedWithinTheHour(lastUsed)) {
            return;
        }
        LocalDateTime now = LocalDateTime.now(ZoneOffset.UTC);
        try (PreparedStatement update = connection.prepareStatement(
                "UPDATE api_tokens SET last_used_at = ? WHERE id = ? AND (last_used_at IS NULL OR last_used_at < ?)")) {
            update.setObject(1, now.withNano(0));
            update.setLong(2, tokenId);
            update.setObject(3, now.minusHours(1));
            update.executeUpdate();
        }
    }

    private static boolean usedWithinTheHour(LocalDateTime lastUsed) {
        return lastUsed != null
                && lastUsed.isAfter(LocalDateTime.now(ZoneOffset.UTC).minusHours(1));
    }

    private static StoredToken stored(ResultSet row) throws SQLException {
        Integer maxUnusedDays = row.getObject(12) == null ? null : row.getInt(12);
        TokenPolicy policy = new TokenPolicy(
                TokenPolicy.split(row.getString(8)),
                TokenPolicy.split(row.getString(9)),
                TokenPolicy.split(row.getString(10)),
                TokenPolicy.split(row.getString(11)),
                maxUnusedDays);
        // the token's rights as far as its user still holds them
        Set<Right> rights = Right.ofKeys(row.getString(7));
        rights.retainAll(Right.ofKeys(row.getString(15)));
        return new StoredToken(
                row.getLong(1),
                row.getObject(2, LocalDateTime.class),
                row.getObject(3) != null,
                row.getLong(4),
                row.getString(5),
                row.getLong(6),
                Set.copyOf(rights),
                policy,
                row.getObject(13, LocalDateTime.class),
                row.getObject(14, LocalDateTime.class));
    }
}
