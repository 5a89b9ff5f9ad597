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
import java.util.UUID;

/** A project groups an account's objects; zones and handles refer to it by {@code project_uuid}. */
@Entity
@Table(name = "projects")
@NamedQuery(
        name = Project.IN_ACCOUNT,
        query = "SELECT p FROM Project p WHERE p.account.id = :account ORDER BY p.name, p.id")
@NamedQuery(name = Project.BY_UUID, query = "SELECT p FROM Project p WHERE p.account.id = :account AND p.uuid = :uuid")
public class Project {

    public static final String IN_ACCOUNT = "Project.inAccount";
    public static final String BY_UUID = "Project.byUuid";

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;

    @ManyToOne(optional = false, fetch = FetchType.LAZY)
    @JoinColumn(name = "account_id")
    private Account account;

    @Column(nullable = false, unique = true, length = 36)
    private String uuid;

    @Column(nullable = false, length = 100)
    private String name;

    @Column(name = "created_at", nullable = false)
    private LocalDateTime createdAt;

    @Column(name = "updated_at", nullable = false)
    private LocalDateTime updatedAt;

    protected Project() {}

    public Project(Account account, String name) {
        this.account = account;
        this.name = name;
        this.uuid = UUID.randomUUID().toString();
        this.createdAt = LocalDateTime.now(ZoneOffset.UTC);
        this.updatedAt = createdAt;
    }

    public Long id() {
        return id;
    }

    public String uuid() {
        return uuid;
    }

    public String name() {
        return name;
    }

    public LocalDateTime createdAt() {
        return createdAt;
    }

    public LocalDateTime updatedAt() {
        return updatedAt;
    }
}
