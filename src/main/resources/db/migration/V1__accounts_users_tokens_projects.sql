-- Accounts, users, API tokens and projects. utf8mb4 explicitly: MariaDB's default gave latin1 tables.
CREATE TABLE accounts (
    id          BIGINT       NOT NULL AUTO_INCREMENT PRIMARY KEY,
    name        VARCHAR(64)  NOT NULL,
    operator    BOOLEAN      NOT NULL DEFAULT FALSE,
    created_at  DATETIME     NOT NULL
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;

CREATE TABLE users (
    id          BIGINT       NOT NULL AUTO_INCREMENT PRIMARY KEY,
    account_id  BIGINT       NOT NULL,
    username    VARCHAR(64)  NOT NULL,
    email       VARCHAR(254) NOT NULL,
    owner       BOOLEAN      NOT NULL DEFAULT FALSE,
    created_at  DATETIME     NOT NULL,
    updated_at  DATETIME     NOT NULL,
    CONSTRAINT uq_users_username UNIQUE (username),
    CONSTRAINT fk_users_account FOREIGN KEY (account_id) REFERENCES accounts (id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;

CREATE TABLE user_rights (
    user_id    BIGINT      NOT NULL,
    right_key  VARCHAR(64) NOT NULL,
    PRIMARY KEY (user_id, right_key),
    CONSTRAINT fk_user_rights_user FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;

CREATE TABLE api_tokens (
    id              BIGINT    NOT NULL AUTO_INCREMENT PRIMARY KEY,
    user_id         BIGINT    NOT NULL,
    token_hash      CHAR(64)  NOT NULL,
    valid_until     DATETIME  NULL,
    deactivated_at  DATETIME  NULL,
    created_at      DATETIME  NOT NULL,
    CONSTRAINT uq_api_tokens_hash UNIQUE (token_hash),
    CONSTRAINT fk_api_tokens_user FOREIGN KEY (user_id) REFERENCES users (id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;

CREATE TABLE token_rights (
    token_id   BIGINT      NOT NULL,
    right_key  VARCHAR(64) NOT NULL,
    PRIMARY KEY (token_id, right_key),
    CONSTRAINT fk_token_rights_token FOREIGN KEY (token_id) REFERENCES api_tokens (id) ON DELETE CASCADE
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;

CREATE TABLE projects (
    id          BIGINT       NOT NULL AUTO_INCREMENT PRIMARY KEY,
    account_id  BIGINT       NOT NULL,
    uuid        CHAR(36)     NOT NULL,
    name        VARCHAR(100) NOT NULL,
    created_at  DATETIME     NOT NULL,
    updated_at  DATETIME     NOT NULL,
    CONSTRAINT uq_projects_uuid UNIQUE (uuid),
    CONSTRAINT fk_projects_account FOREIGN KEY (account_id) REFERENCES accounts (id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;
