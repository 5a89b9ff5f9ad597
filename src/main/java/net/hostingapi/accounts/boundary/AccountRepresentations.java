package net.hostingapi.accounts.boundary;

import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Set;
import net.hostingapi.accounts.control.CustomerOnboarding;
import net.hostingapi.accounts.control.PermissionRegistry;
import net.hostingapi.accounts.control.TokenIssuer;
import net.hostingapi.accounts.control.tsig.TsigSecrets;
import net.hostingapi.accounts.entity.ApiToken;
import net.hostingapi.accounts.entity.ApiUser;
import net.hostingapi.accounts.entity.Project;
import net.hostingapi.accounts.entity.Right;
import net.hostingapi.platform.json.control.JsonFields;
import net.hostingapi.platform.openapi.boundary.WireShape;
import net.hostingapi.platform.openapi.boundary.WireShapes;

/**
 * How accounts, users, tokens, projects and rights look on the wire, each payload declared once as
 * a {@link WireShape} that writes it and describes it in the OpenAPI document.
 */
public final class AccountRepresentations implements WireShapes {

    private static final WireShape<ApiUser> USER = WireShape.<ApiUser>named("User", "A user of the account.")
            .int64("id", ApiUser::id)
            .string("username", ApiUser::username)
            .string("email", ApiUser::email)
            .bool("owner", ApiUser::isOwner)
            .strings("rights", u -> names(u.rights()))
            .timestamp("created_at", ApiUser::createdAt)
            .timestamp("updated_at", ApiUser::updatedAt)
            .nullable();

    /** A token's TSIG key; the secret only in the answer that gives the key. */
    private record TsigKeyView(String name, String algorithm, String secret) {}

    private static final WireShape<TsigKeyView> TSIG_KEY = WireShape.<TsigKeyView>named(
                    "TsigKey",
                    "A token's TSIG key (RFC 8945): its name and HMAC algorithm; its secret (base64) only in the answer"
                            + " that gives the key.")
            .string("name", TsigKeyView::name)
            .string("algorithm", TsigKeyView::algorithm)
            .string("secret", TsigKeyView::secret)
            .optional();

    private static final WireShape<ApiToken> TOKEN = WireShape.<ApiToken>named(
                    "Token",
                    "An API token; its text (token) only in the answer that creates it. zones, names, types, subnets and"
                            + " max_unused_days are its policy (empty lists and null: no limit); tsig its TSIG key or"
                            + " null.")
            .int64("id", ApiToken::id)
            .string("user", t -> t.user().username())
            .strings("rights", t -> names(t.rights()))
            .timestamp("valid_until", ApiToken::validUntil)
            .nullable()
            .bool("active", t -> t.isUsableAt(LocalDateTime.now(ZoneOffset.UTC)))
            .timestamp("deactivated_at", ApiToken::deactivatedAt)
            .nullable()
            .timestamp("created_at", ApiToken::createdAt)
            .strings("zones", t -> t.policy().zones())
            .strings("names", t -> t.policy().names())
            .strings("types", t -> t.policy().types())
            .strings("subnets", t -> t.policy().subnets())
            .integerOrNull("max_unused_days", t -> t.policy().maxUnusedDays())
            .nullable()
            .timestamp("last_used_at", ApiToken::lastUsedAt)
            .nullable()
            .json("tsig", "TsigKey", AccountRepresentations::tsigKey)
            .nullable()
            // the token's text exists only while it is issued
            .given("token", "string")
            .optional();

    private static final WireShape<Project> PROJECT = WireShape.<Project>named(
                    "Project", "A project objects of the account can be filed under.")
            .int64("id", Project::id)
            .string("uuid", Project::uuid)
            .string("name", Project::name)
            .timestamp("created_at", Project::createdAt)
            .timestamp("updated_at", Project::updatedAt)
            .nullable();

    private static final WireShape<Right> PERMISSION = WireShape.<Right>named(
                    "Permission", "A right a token or user may hold.")
            .string("key", Right::name)
            .string("title", Right::title)
            .string("descr", Right::description)
            .string("category", r -> r.category().name());

    private static final WireShape<PermissionRegistry.Assignment> ASSIGNED =
            WireShape.<PermissionRegistry.Assignment>named("AssignedPermissions", "The rights of the calling user.")
                    .string("user", PermissionRegistry.Assignment::username)
                    .json(
                            "permissions",
                            "[Permission]",
                            a -> JsonFields.array(a.rights(), AccountRepresentations::permission));

    private static final WireShape<CustomerOnboarding.Onboarded> CUSTOMER =
            WireShape.<CustomerOnboarding.Onboarded>named("Customer", "A customer account with its owner.")
                    .int64("id", o -> o.account().id())
                    .string("name", o -> o.account().name())
                    .timestamp("created_at", o -> o.account().createdAt())
                    .json("user", "User", o -> user(o.owner()));

    private static final WireShape<CustomerOnboarding.Onboarded> CUSTOMER_CREATED =
            WireShape.<CustomerOnboarding.Onboarded>named(
                            "CustomerCreated", "The new customer and its owner's first token (shown once).")
                    .json("customer", "Customer", CUSTOMER::write)
                    .json("token", "Token", o -> issuedToken(o.token()));

    /** For {@link java.util.ServiceLoader} only (META-INF/services): the payloads are static. */
    public AccountRepresentations() {}

    @Override
    public List<WireShape<?>> shapes() {
        return List.of(USER, TSIG_KEY, TOKEN, PROJECT, PERMISSION, ASSIGNED, CUSTOMER, CUSTOMER_CREATED);
    }

    static JsonObject user(ApiUser user) {
        return USER.write(user);
    }

    static JsonObject token(ApiToken token) {
        return TOKEN.write(token);
    }

    /**
     * The only representation that carries the token's text (left out when there is none: an
     * update) and its TSIG key's secret (when the key was given in this request).
     */
    static JsonObject issuedToken(TokenIssuer.IssuedToken issued) {
        JsonValue text = issued.text() == null ? null : JsonFields.JSON.createValue(issued.text());
        JsonObject token = TOKEN.write(issued.token(), text);
        TsigSecrets.NewKey key = issued.tsigKey();
        if (key == null) {
            return token;
        }
        return JsonFields.JSON
                .createObjectBuilder(token)
                .add(
                        "tsig",
                        TSIG_KEY.write(
                                new TsigKeyView(key.name(), key.algorithm().wireName(), key.secretBase64())))
                .build();
    }

    private static JsonValue tsigKey(ApiToken token) {
        return token.hasTsigKey()
                ? TSIG_KEY.write(new TsigKeyView(token.tsigName(), token.tsigAlgorithm(), null))
                : null;
    }

    static JsonObject project(Project project) {
        return PROJECT.write(project);
    }

    static JsonObject permission(Right right) {
        return PERMISSION.write(right);
    }

    /** The rights of the calling user. */
    static JsonObject assigned(PermissionRegistry.Assignment assignment) {
        return ASSIGNED.write(assignment);
    }

    /** The new customer with its owner, and the owner's first token. */
    static JsonObject customerCreated(CustomerOnboarding.Onboarded onboarded) {
        return CUSTOMER_CREATED.write(onboarded);
    }

    private static List<String> names(Set<Right> rights) {
        return rights.stream().map(Right::name).sorted().toList();
    }
}
