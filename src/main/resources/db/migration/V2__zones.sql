-- DNS zones, their records and the domains assigned to them.
CREATE TABLE zones (
    id            BIGINT        NOT NULL AUTO_INCREMENT PRIMARY KEY,
    account_id    BIGINT        NOT NULL,
    name          VARCHAR(253)  NOT NULL,
    name_unicode  VARCHAR(253)  NOT NULL,
    serial        BIGINT        NOT NULL,
    hostmaster    VARCHAR(254)  NOT NULL,
    refresh       INT           NOT NULL,
    retry         INT           NOT NULL,
    expire        INT           NOT NULL,
    ttl           INT           NOT NULL,
    ns_first      VARCHAR(253)  NOT NULL,
    ns_second     VARCHAR(253)  NOT NULL,
    user_id       BIGINT        NULL,
    project_id    BIGINT        NULL,
    version       BIGINT        NOT NULL DEFAULT 0,
    created_at    DATETIME      NOT NULL,
    updated_at    DATETIME      NOT NULL,
    CONSTRAINT uq_zones_name UNIQUE (name),
    INDEX ix_zones_account (account_id, name),
    CONSTRAINT fk_zones_account FOREIGN KEY (account_id) REFERENCES accounts (id),
    CONSTRAINT fk_zones_user FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE SET NULL,
    CONSTRAINT fk_zones_project FOREIGN KEY (project_id) REFERENCES projects (id) ON DELETE SET NULL
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;

CREATE TABLE zone_records (
    id          BIGINT         NOT NULL AUTO_INCREMENT PRIMARY KEY,
    zone_id     BIGINT         NOT NULL,
    name        VARCHAR(253)   NOT NULL,
    type        VARCHAR(16)    NOT NULL,
    data        VARCHAR(4096)  NOT NULL,
    ttl         INT            NULL,
    created_at  DATETIME       NOT NULL,
    updated_at  DATETIME       NOT NULL,
    INDEX ix_zone_records_zone (zone_id, name, type),
    CONSTRAINT fk_zone_records_zone FOREIGN KEY (zone_id) REFERENCES zones (id) ON DELETE CASCADE
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

-- A domain is bound to at most one zone across all accounts.
CREATE TABLE zone_domains (
    id          BIGINT        NOT NULL AUTO_INCREMENT PRIMARY KEY,
    zone_id     BIGINT        NOT NULL,
    name        VARCHAR(253)  NOT NULL,
    created_at  DATETIME      NOT NULL,
    CONSTRAINT uq_zone_domains_name UNIQUE (name),
    CONSTRAINT fk_zone_domains_zone FOREIGN KEY (zone_id) REFERENCES zones (id) ON DELETE CASCADE
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;
