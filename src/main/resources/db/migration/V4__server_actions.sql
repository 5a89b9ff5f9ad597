-- Server actions and their history of status reports.
-- open_mac / open_address are the MAC and IP of an action that is not finished (PENDING or
-- RUNNING), NULL otherwise: their unique keys let a machine have at most one open action, even
-- when two requests schedule one at the same moment (NULLs do not collide). VARCHAR, not CHAR:
-- MariaDB refuses a CHAR column in a generated column's expression (it depends on sql_mode).
CREATE TABLE server_actions (
    id             BIGINT       NOT NULL AUTO_INCREMENT PRIMARY KEY,
    account_id     BIGINT       NOT NULL,
    mac_address    VARCHAR(17)  NOT NULL,
    address        VARCHAR(45)  NOT NULL,
    action         VARCHAR(16)  NOT NULL,
    template       VARCHAR(64)  NULL,
    hostname       VARCHAR(253) NULL,
    state          VARCHAR(16)  NOT NULL,
    state_percent  INT          NOT NULL DEFAULT 0,
    state_text     VARCHAR(255) NULL,
    version        BIGINT       NOT NULL DEFAULT 0,
    created_at     DATETIME     NOT NULL,
    updated_at     DATETIME     NOT NULL,
    finished_at    DATETIME     NULL,
    open_mac       VARCHAR(17)  AS (CASE WHEN state IN ('PENDING', 'RUNNING') THEN mac_address END) STORED,
    open_address   VARCHAR(45)  AS (CASE WHEN state IN ('PENDING', 'RUNNING') THEN address END) STORED,
    CONSTRAINT uq_server_actions_open_mac UNIQUE (open_mac),
    CONSTRAINT uq_server_actions_open_address UNIQUE (open_address),
    CONSTRAINT ck_server_actions_percent CHECK (state_percent BETWEEN 0 AND 100),
    INDEX ix_server_actions_account (account_id, id),
    CONSTRAINT fk_server_actions_account FOREIGN KEY (account_id) REFERENCES accounts (id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;

CREATE TABLE server_action_reports (
    id             BIGINT       NOT NULL AUTO_INCREMENT PRIMARY KEY,
    action_id      BIGINT       NOT NULL,
    state          VARCHAR(16)  NOT NULL,
    state_percent  INT          NOT NULL,
    state_text     VARCHAR(255) NOT NULL,
    reported_by    VARCHAR(16)  NOT NULL,
    reported_at    DATETIME     NOT NULL,
    INDEX ix_server_action_reports_action (action_id, id),
    CONSTRAINT fk_server_action_reports_action FOREIGN KEY (action_id) REFERENCES server_actions (id) ON DELETE CASCADE
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;
