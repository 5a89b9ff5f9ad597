-- Names (zones or assigned domains) whose state must reach the nameserver: written in the same
-- transaction as the change, removed once the nameserver has it, so a nameserver that is down loses nothing.
CREATE TABLE nameserver_outbox (
    id               BIGINT        NOT NULL AUTO_INCREMENT PRIMARY KEY,
    name             VARCHAR(253)  NOT NULL,
    created_at       DATETIME(3)   NOT NULL,
    attempts         INT           NOT NULL DEFAULT 0,
    next_attempt_at  DATETIME(3)   NOT NULL,
    last_error       VARCHAR(500)  NULL,
    INDEX ix_nameserver_outbox_due (next_attempt_at, id),
    INDEX ix_nameserver_outbox_name (name)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;
