package net.hostingapi.accounts.boundary;

import jakarta.json.JsonObject;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Set;
import net.hostingapi.accounts.control.TokenIssuer;
import net.hostingapi.accounts.entity.Account;
import net.hostingapi.accounts.entity.ApiToken;
import net.hostingapi.accounts.entity.ApiUser;
import net.hostingapi.accounts.entity.Project;
import net.hostingapi.accounts.entity.Right;
import net.hostingapi.platform.json.control.JsonFields;

/** How accounts, users, tokens, projects and rights look on the wire. */
final class AccountRepresentations {

    private AccountRepresentations() {}

    static JsonObject user(ApiUser user) {
        return JsonFields.object()
                .put("id", user.id())
                .put("username", user.username())
                .put("email", user.email())
                .put("owner", user.isOwner())
                .putStrings("rights", names(user.rights()))
                .put("created_at", user.createdAt())
                .put("updated_at", user.updatedAt())
                .build();
    }

    static JsonObject token(ApiToken token) {
        return tokenFields(token).build();
    }

    /** The only representation that carries the token's text. */
    static JsonObject issuedToken(TokenIssuer.IssuedToken issued) {
        return tokenFields(issued.token()).put("token", issued.text()).build();
    }

    private static JsonFields tokenFields(ApiToken token) {
        return JsonFields.object()
                .put("id", token.id())
                .put("user", token.user().username())
                .putStrings("rights", names(token.rights()))
                .put("valid_until", token.validUntil())
                .put("active", token.isUsableAt(LocalDateTime.now(ZoneOffset.UTC)))
                .put("deactivated_at", token.deactivatedAt())
                .put("created_at", token.createdAt())
                .putStrings("zones", token.policy().zones())
                .putStrings("names", token.policy().names())
                .putStrings("types", token.policy().types())
                .putStrings("subnets", token.policy().subnets())
                .put("max_unused_days", token.policy().maxUnusedDays())
                .put("last_used_at", token.lastUsedAt());
    }

    static JsonObject project(Project project) {
        return JsonFields.object()
                .put("id", project.id())
                .put("uuid", project.uuid())
                .put("name", project.name())
                .put("created_at", project.createdAt())
                .put("updated_at", project.updatedAt())
                .build();
    }

    static JsonObject permission(Right right) {
        return JsonFields.object()
                .put("key", right.name())
                .put("title", right.title())
                .put("descr", right.description())
                .put("category", right.category().name())
                .build();
    }

    static JsonObject account(Account account, ApiUser owner) {
        return JsonFields.object()
                .put("id", account.id())
                .put("name", account.name())
                .put("created_at", account.createdAt())
                .put("user", user(owner))
                .build();
    }

    private static java.util.List<String> names(Set<Right> rights) {
        return rights.stream().map(Right::name).sorted().toList();
    }
}
