package net.hostingapi.accounts.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/** A customer (or the operator): the owner of every object, and the boundary no caller crosses. */
@Entity
@Table(name = "accounts")
public class Account {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;

    @Column(nullable = false, length = 64)
    private String name;

    @Column(nullable = false)
    private boolean operator;

    @Column(name = "created_at", nullable = false)
    private LocalDateTime createdAt;

    protected Account() {}

    public Account(String name, boolean operator) {
        this.name = name;
        this.operator = operator;
        this.createdAt = LocalDateTime.now(ZoneOffset.UTC);
    }

    public Long id() {
        return id;
    }

    public String name() {
        return name;
    }

    public boolean isOperator() {
        return operator;
    }

    public LocalDateTime createdAt() {
        return createdAt;
    }

    /** The rights a user of this account may hold at most. */
    public java.util.Set<Right> grantableRights() {
        return operator ? java.util.EnumSet.allOf(Right.class) : Right.customerRights();
    }
}
