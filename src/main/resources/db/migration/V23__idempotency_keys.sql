-- Idempotency keys (api.md, Retries with Idempotency-Key): a key of an account is inserted in the
-- transaction of the change its request made, so the key exists exactly when the change does; the
-- answer sent for it (status, the headers a client acts on, the body) is written once the answer
-- is made (the body zlib-compressed). A retry with the key answers that answer. Rows live until
-- expires_at (IDEMPOTENCY_KEY_HOURS).
CREATE TABLE idempotency_keys (
    account_id   BIGINT         NOT NULL,
    idem_key     VARBINARY(255) NOT NULL,
    fingerprint  BINARY(32)     NOT NULL,
    created_at   DATETIME(3)    NOT NULL,
    expires_at   DATETIME(3)    NOT NULL,
    status       SMALLINT       NULL,
    headers      TEXT           NULL,
    answer       MEDIUMBLOB     NULL,
    PRIMARY KEY (account_id, idem_key),
    KEY idempotency_keys_expiry (expires_at),
    CONSTRAINT idempotency_keys_account FOREIGN KEY (account_id) REFERENCES accounts (id) ON DELETE CASCADE
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;
