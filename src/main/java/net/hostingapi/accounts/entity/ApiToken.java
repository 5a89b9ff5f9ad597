package net.hostingapi.accounts.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Set;

/**
 * An API token of a user. Only the SHA-256 of its text is stored. It grants the rights it was
 * issued with, as far as its user still holds them: revoking a user's right takes it from every
 * token of that user at once (TokenAuthentication intersects the two on every request).
 */
@Entity
@Table(name = "api_tokens")
@NamedQuery(
        name = ApiToken.IN_ACCOUNT,
        query = "SELECT t FROM ApiToken t WHERE t.user.account.id = :account ORDER BY t.id")
@NamedQuery(name = ApiToken.BY_HASH, query = "SELECT t FROM ApiToken t WHERE t.tokenHash = :hash")
public class ApiToken {

    public static final String IN_ACCOUNT = "ApiToken.inAccount";
    public static final String BY_HASH = "ApiToken.byHash";

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;

    @ManyToOne(optional = false, fetch = FetchType.EAGER)
    @JoinColumn(name = "user_id")
    private ApiUser user;

    @Column(name = "token_hash", nullable = false, unique = true, length = 64)
    private String tokenHash;

    /** Its rights' keys ({@link Right#keys}): read with the token's row on every request (V13). */
    @Column(name = "right_keys", nullable = false, length = 1024)
    private String rightKeys = "";

    @Column(name = "valid_until")
    private LocalDateTime validUntil;

    @Column(name = "deactivated_at")
    private LocalDateTime deactivatedAt;

    @Column(name = "created_at", nullable = false)
    private LocalDateTime createdAt;

    @Column(name = "policy_zones")
    private String policyZones;

    @Column(name = "policy_names")
    private String policyNames;

    @Column(name = "policy_types")
    private String policyTypes;

    @Column(name = "policy_subnets")
    private String policySubnets;

    @Column(name = "max_unused_days")
    private Integer maxUnusedDays;

    /** Set by authentication at most once an hour (TokenAuthentication): enough for max_unused_days. */
    @Column(name = "last_used_at")
    private LocalDateTime lastUsedAt;

    /** Its TSIG key's name (V19), null without a key. */
    @Column(name = "tsig_name", unique = true)
    private String tsigName;

    /** The key's algorithm as the wire writes it ({@code hmac-sha256}). */
    @Column(name = "tsig_algorithm", length = 32)
    private String tsigAlgorithm;

    /** The key's secret, sealed: readable only with the service's key encryption key. */
    @Column(name = "tsig_secret", length = 128)
    private byte[] tsigSecret;

    protected ApiToken() {}

    public ApiToken(ApiUser user, String tokenHash, Set<Right> rights, LocalDateTime validUntil, TokenPolicy policy) {
        this.user = user;
        this.tokenHash = tokenHash;
        this.rightKeys = Right.keys(rights);
        this.validUntil = validUntil;
        this.createdAt = LocalDateTime.now(ZoneOffset.UTC);
        restrictTo(policy);
    }

    public TokenPolicy policy() {
        return new TokenPolicy(
                TokenPolicy.split(policyZones),
                TokenPolicy.split(policyNames),
                TokenPolicy.split(policyTypes),
                TokenPolicy.split(policySubnets),
                maxUnusedDays);
    }

    /** Takes effect at the token's next request. */
    public void restrictTo(TokenPolicy policy) {
        policyZones = TokenPolicy.join(policy.zones());
        policyNames = TokenPolicy.join(policy.names());
        policyTypes = TokenPolicy.join(policy.types());
        policySubnets = TokenPolicy.join(policy.subnets());
        maxUnusedDays = policy.maxUnusedDays();
    }

    public LocalDateTime lastUsedAt() {
        return lastUsedAt;
    }

    public boolean isUsableAt(LocalDateTime now) {
        return deactivatedAt == null
                && (validUntil == null || validUntil.isAfter(now))
                && !unusedTooLong(lastUsedAt, createdAt, maxUnusedDays, now);
    }

    /** Unused (since its last use, or since it was issued) for longer than its policy allows. */
    public static boolean unusedTooLong(
            LocalDateTime lastUsedAt, LocalDateTime createdAt, Integer maxUnusedDays, LocalDateTime now) {
        return maxUnusedDays != null
                && (lastUsedAt != null ? lastUsedAt : createdAt)
                        .plusDays(maxUnusedDays)
                        .isBefore(now);
    }

    public void deactivate() {
        if (deactivatedAt == null) {
            deactivatedAt = LocalDateTime.now(ZoneOffset.UTC);
        }
    }

    /** Gives the token a TSIG key; a token has at most one, for life. */
    public void carryTsigKey(String name, String algorithm, byte[] sealedSecret) {
        if (tsigName != null) {
            throw new IllegalStateException("token " + id + " has a TSIG key already");
        }
        this.tsigName = name;
        this.tsigAlgorithm = algorithm;
        this.tsigSecret = sealedSecret.clone();
    }

    public boolean hasTsigKey() {
        return tsigName != null;
    }

    public String tsigName() {
        return tsigName;
    }

    public String tsigAlgorithm() {
        return tsigAlgorithm;
    }

    public Long id() {
        return id;
    }

    public ApiUser user() {
        return user;
    }

    public Set<Right> rights() {
        return Right.ofKeys(rightKeys);
    }

    public LocalDateTime validUntil() {
        return validUntil;
    }

    public LocalDateTime deactivatedAt() {
        return deactivatedAt;
    }

    public LocalDateTime createdAt() {
        return createdAt;
    }
}
