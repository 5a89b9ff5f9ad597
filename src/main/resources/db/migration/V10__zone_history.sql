-- The change history of zones (README, Change history): one row per committed change, written in the
-- change's transaction. No foreign key to zones: a deleted zone's history stays readable by its name
-- until HISTORY_DAYS prune it. Records and settings as JSON text (jakarta.json writes and reads them).
CREATE TABLE zone_history (
    id            BIGINT        NOT NULL AUTO_INCREMENT PRIMARY KEY,
    account_id    BIGINT        NOT NULL,
    zone_id       BIGINT        NOT NULL,
    zone_name     VARCHAR(253)  NOT NULL,
    created_at    DATETIME(3)   NOT NULL,
    operation     VARCHAR(32)   NOT NULL,
    user_name     VARCHAR(64)   NULL,
    token_id      BIGINT        NULL,
    address       VARCHAR(64)   NULL,
    added         MEDIUMTEXT    NOT NULL,
    removed       MEDIUMTEXT    NOT NULL,
    settings      TEXT          NOT NULL,
    serial_before BIGINT        NULL,
    serial_after  BIGINT        NULL,
    domain        VARCHAR(253)  NULL,
    INDEX ix_zone_history_zone (account_id, zone_name, id),
    INDEX ix_zone_history_age (created_at),
    CONSTRAINT fk_zone_history_account FOREIGN KEY (account_id) REFERENCES accounts (id) ON DELETE CASCADE
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;
