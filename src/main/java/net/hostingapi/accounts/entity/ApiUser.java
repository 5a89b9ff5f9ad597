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
import java.util.EnumSet;
import java.util.Set;

/** A user of an account, identified across the service by its username; holds the rights its tokens draw from. */
@Entity
@Table(name = "users")
@NamedQuery(
        name = ApiUser.IN_ACCOUNT,
        query = "SELECT u FROM ApiUser u WHERE u.account.id = :account ORDER BY u.username")
@NamedQuery(name = ApiUser.BY_USERNAME, query = "SELECT u FROM ApiUser u WHERE u.username = :username")
public class ApiUser {

    public static final String IN_ACCOUNT = "ApiUser.inAccount";
    public static final String BY_USERNAME = "ApiUser.byUsername";

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;

    @ManyToOne(optional = false, fetch = FetchType.EAGER)
    @JoinColumn(name = "account_id")
    private Account account;

    @Column(nullable = false, unique = true, length = 64)
    private String username;

    @Column(nullable = false, length = 254)
    private String email;

    @Column(nullable = false)
    private boolean owner;

    /** Its rights' keys ({@link Right#keys}): read with the user's row on every request (V13). */
    @Column(name = "right_keys", nullable = false, length = 1024)
    private String rightKeys = "";

    @Column(name = "created_at", nullable = false)
    private LocalDateTime createdAt;

    @Column(name = "updated_at", nullable = false)
    private LocalDateTime updatedAt;

    protected ApiUser() {}

    public ApiUser(Account account, String username, String email, boolean owner, Set<Right> rights) {
        this.account = account;
        this.username = username;
        this.email = email;
        this.owner = owner;
        this.rightKeys = Right.keys(rights);
        this.createdAt = LocalDateTime.now(ZoneOffset.UTC);
        this.updatedAt = createdAt;
    }

    /** Replaces the user's rights; rights beyond what the account may hold are not granted. */
    public void assignRights(Set<Right> newRights) {
        Set<Right> allowed = EnumSet.noneOf(Right.class);
        allowed.addAll(newRights);
        allowed.retainAll(account.grantableRights());
        rightKeys = Right.keys(allowed);
        updatedAt = LocalDateTime.now(ZoneOffset.UTC);
    }

    public boolean holds(Right right) {
        return rights().contains(right);
    }

    public Long id() {
        return id;
    }

    public Account account() {
        return account;
    }

    public String username() {
        return username;
    }

    public String email() {
        return email;
    }

    public boolean isOwner() {
        return owner;
    }

    public Set<Right> rights() {
        return Right.ofKeys(rightKeys);
    }

    public LocalDateTime createdAt() {
        return createdAt;
    }

    public LocalDateTime updatedAt() {
        return updatedAt;
    }
}
