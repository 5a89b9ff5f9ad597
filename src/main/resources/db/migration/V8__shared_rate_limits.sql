-- Rate limits that every instance on this database shares (README, Several instances): a row per
-- limited key (a client address with its limit's name), locked while a request is counted against
-- it, and the key's counted events; events older than an hour are deleted.
CREATE TABLE rate_limit_keys (
    limit_key   VARCHAR(191) NOT NULL PRIMARY KEY,
    touched_at  DATETIME(3)  NOT NULL,
    INDEX ix_rate_limit_keys_touched (touched_at)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

CREATE TABLE rate_limit_events (
    id          BIGINT       NOT NULL AUTO_INCREMENT PRIMARY KEY,
    limit_key   VARCHAR(191) NOT NULL,
    counted_at  DATETIME(3)  NOT NULL,
    INDEX ix_rate_limit_events_key (limit_key, counted_at),
    INDEX ix_rate_limit_events_counted (counted_at)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;
