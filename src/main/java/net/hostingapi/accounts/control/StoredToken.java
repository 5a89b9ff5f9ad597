package net.hostingapi.accounts.control;

import java.time.LocalDateTime;
import java.util.Optional;
import java.util.Set;
import net.hostingapi.accounts.entity.ApiToken;
import net.hostingapi.accounts.entity.Right;
import net.hostingapi.accounts.entity.TokenPolicy;

/** A token as read for authentication, with its user's effective rights; checked anew at each use. */
record StoredToken(
        long tokenId,
        LocalDateTime validUntil,
        boolean deactivated,
        long userId,
        String username,
        long accountId,
        Set<Right> rights,
        TokenPolicy policy,
        LocalDateTime lastUsed,
        LocalDateTime createdAt) {

    /** The caller, unless the token is deactivated, expired, unused too long or used from outside its subnets. */
    Optional<ApiPrincipal> caller(String clientAddress, LocalDateTime now) {
        if (deactivated || (validUntil != null && !validUntil.isAfter(now))) {
            return Optional.empty();
        }
        if (ApiToken.unusedTooLong(lastUsed, createdAt, policy.maxUnusedDays(), now)) {
            return Optional.empty();
        }
        if (!policy.allowsAddress(clientAddress)) {
            return Optional.empty();
        }
        return Optional.of(new ApiPrincipal(username, accountId, userId, tokenId, rights, policy, clientAddress));
    }
}
