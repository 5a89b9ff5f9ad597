package net.hostingapi.accounts.control;

import jakarta.security.enterprise.CallerPrincipal;
import java.util.Set;
import net.hostingapi.accounts.entity.Right;
import net.hostingapi.accounts.entity.TokenPolicy;

/** The container's caller: a user of an account, acting with one token's rights. */
public class ApiPrincipal extends CallerPrincipal {

    private final long accountId;
    private final long userId;
    private final long tokenId;
    private final Set<Right> rights;
    private final TokenPolicy policy;
    private final String clientAddress;
    private final String tsigKey;

    public ApiPrincipal(
            String username,
            long accountId,
            long userId,
            long tokenId,
            Set<Right> rights,
            TokenPolicy policy,
            String clientAddress) {
        this(username, accountId, userId, tokenId, rights, policy, clientAddress, null);
    }

    private ApiPrincipal(
            String username,
            long accountId,
            long userId,
            long tokenId,
            Set<Right> rights,
            TokenPolicy policy,
            String clientAddress,
            String tsigKey) {
        super(username);
        this.clientAddress = clientAddress;
        this.tsigKey = tsigKey;
        this.accountId = accountId;
        this.userId = userId;
        this.tokenId = tokenId;
        this.rights = Set.copyOf(rights);
        this.policy = policy;
    }

    /** Where the request came from (after the TRUSTED_PROXIES rule): change history records it. */
    public String clientAddress() {
        return clientAddress;
    }

    /** The same caller acting through a DNS message signed with its token's TSIG key of this name. */
    public ApiPrincipal signedWith(String keyName) {
        return new ApiPrincipal(getName(), accountId, userId, tokenId, rights, policy, clientAddress, keyName);
    }

    /** The name of the TSIG key the caller's DNS message was signed with; null for an HTTP request. */
    public String tsigKey() {
        return tsigKey;
    }

    /** How the caller reached the service, as the change history says: {@code http} or {@code dns-update}. */
    public String via() {
        return tsigKey == null ? "http" : "dns-update";
    }

    /** What the token may touch within its rights. */
    public TokenPolicy policy() {
        return policy;
    }

    public long accountId() {
        return accountId;
    }

    public long userId() {
        return userId;
    }

    public long tokenId() {
        return tokenId;
    }

    public Set<Right> rights() {
        return rights;
    }
}
