package net.hostingapi.accounts.entity;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;

/**
 * A right an API token may carry; each is also the container role of that name. The DNS rights
 * are named as the specification names them; the others are ours (api.md, Authentication and rights).
 */
public enum Right {
    DNS_ZONES_LIST(Category.DOMAINS, "List DNS zones", "List, show, export and count DNS zones", false),
    DNS_ZONES_CRUD(
            Category.DOMAINS,
            "Manage DNS zones",
            "Create, update, delete and refresh DNS zones and their records",
            false),
    ACCOUNT_USERS_LIST(Category.ACCOUNT, "List users", "List and show the users of the account", false),
    ACCOUNT_USERS_CRUD(Category.ACCOUNT, "Manage users", "Create users in the account", false),
    ACCOUNT_TOKENS_LIST(Category.ACCOUNT, "List API tokens", "List and show the API tokens of the account", false),
    ACCOUNT_TOKENS_CRUD(Category.ACCOUNT, "Manage API tokens", "Create and deactivate API tokens", false),
    ACCOUNT_PERMISSIONS_UPDATE(
            Category.ACCOUNT, "Manage permissions", "Change the rights of the account's users", false),
    PROJECTS_LIST(Category.ACCOUNT, "List projects", "List and show projects", false),
    PROJECTS_CRUD(Category.ACCOUNT, "Manage projects", "Create and delete projects", false),
    CUSTOMERS_CREATE(Category.ACCOUNT, "Create customers", "Create customer accounts (operator only)", true),
    MACHINES_CRUD(
            Category.COLOCATION,
            "Manage machines",
            "Register machines to customer accounts, remove them, and list every account's machines (operator only)",
            true);

    /**
     * The categories published clients parse {@code category} into (an enum of exactly these
     * names; anything else reads as null). Zones are part of domains there; projects and the
     * operator's customer creation are account management.
     */
    public enum Category {
        ACCOUNT,
        DOMAINS,
        ACCOUNTING,
        SUPPORT,
        MISC,
        SSL_CERTIFICATES,
        COLOCATION
    }

    /** Role names as compile-time constants, for {@code @RolesAllowed}. */
    public static final class Names {
        /** Held by every authenticated caller: operations that need a valid token and no named right. */
        public static final String CALLER = "API_CALLER";

        public static final String DNS_ZONES_LIST = "DNS_ZONES_LIST";
        public static final String DNS_ZONES_CRUD = "DNS_ZONES_CRUD";
        public static final String ACCOUNT_USERS_LIST = "ACCOUNT_USERS_LIST";
        public static final String ACCOUNT_USERS_CRUD = "ACCOUNT_USERS_CRUD";
        public static final String ACCOUNT_TOKENS_LIST = "ACCOUNT_TOKENS_LIST";
        public static final String ACCOUNT_TOKENS_CRUD = "ACCOUNT_TOKENS_CRUD";
        public static final String ACCOUNT_PERMISSIONS_UPDATE = "ACCOUNT_PERMISSIONS_UPDATE";
        public static final String PROJECTS_LIST = "PROJECTS_LIST";
        public static final String PROJECTS_CRUD = "PROJECTS_CRUD";
        public static final String CUSTOMERS_CREATE = "CUSTOMERS_CREATE";
        public static final String MACHINES_CRUD = "MACHINES_CRUD";

        private Names() {}
    }

    private final Category category;
    private final String title;
    private final String description;
    private final boolean operatorOnly;

    Right(Category category, String title, String description, boolean operatorOnly) {
        this.category = category;
        this.title = title;
        this.description = description;
        this.operatorOnly = operatorOnly;
    }

    public Category category() {
        return category;
    }

    public String title() {
        return title;
    }

    public String description() {
        return description;
    }

    public boolean isOperatorOnly() {
        return operatorOnly;
    }

    /**
     * Rights as a user's or token's row keeps them: their keys, comma-separated, in declaration
     * order ("" for none).
     */
    public static String keys(Set<Right> rights) {
        StringBuilder keys = new StringBuilder();
        for (Right right : values()) {
            if (rights.contains(right)) {
                keys.append(keys.length() == 0 ? "" : ",").append(right.name());
            }
        }
        return keys.toString();
    }

    /** The rights {@link #keys} wrote; a key no right has any more grants nothing. */
    public static Set<Right> ofKeys(String keys) {
        Set<Right> rights = EnumSet.noneOf(Right.class);
        if (keys == null || keys.isEmpty()) {
            return rights;
        }
        for (String key : keys.split(",")) {
            for (Right right : values()) {
                if (right.name().equals(key)) {
                    rights.add(right);
                }
            }
        }
        return rights;
    }

    /** Every right a customer account may hold: all but the operator's. */
    public static Set<Right> customerRights() {
        Set<Right> rights = EnumSet.noneOf(Right.class);
        Arrays.stream(values()).filter(r -> !r.operatorOnly).forEach(rights::add);
        return rights;
    }
}
