-- Domain handles (registrant contacts), their e-mail verification, and the durable mail outbox.

CREATE TABLE handles (
    id                          BIGINT       NOT NULL AUTO_INCREMENT PRIMARY KEY,
    account_id                  BIGINT       NOT NULL,
    handle                      VARCHAR(16)  NOT NULL,
    type                        VARCHAR(4)   NOT NULL,
    sex                         VARCHAR(6)   NOT NULL,
    firstname                   VARCHAR(100) NOT NULL,
    lastname                    VARCHAR(100) NOT NULL,
    organisation                VARCHAR(100) NULL,
    street                      VARCHAR(100) NOT NULL,
    number                      VARCHAR(10)  NOT NULL,
    postcode                    VARCHAR(12)  NOT NULL,
    city                        VARCHAR(100) NOT NULL,
    region                      VARCHAR(100) NOT NULL,
    country                     CHAR(2)      NOT NULL,
    email                       VARCHAR(254) NOT NULL,
    phone                       VARCHAR(20)  NOT NULL,
    fax                         VARCHAR(20)  NULL,
    dateofbirth                 DATE         NULL,
    countryofbirth              CHAR(2)      NULL,
    user_id                     BIGINT       NULL,
    project_id                  BIGINT       NULL,
    verification_state          VARCHAR(8)   NOT NULL,
    verification_token_hash     CHAR(64)     NULL,
    verification_sent_at        DATETIME     NULL,
    verification_deadline       DATETIME     NULL,
    verified_at                 DATETIME     NULL,
    version                     BIGINT       NOT NULL DEFAULT 0,
    created_at                  DATETIME     NOT NULL,
    updated_at                  DATETIME     NOT NULL,
    CONSTRAINT uq_handles_handle UNIQUE (handle),
    CONSTRAINT uq_handles_verification_token UNIQUE (verification_token_hash),
    CONSTRAINT fk_handles_account FOREIGN KEY (account_id) REFERENCES accounts (id),
    CONSTRAINT fk_handles_user FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE SET NULL,
    -- Deleting a project must not be blocked by the handles filed under it: they lose the reference.
    CONSTRAINT fk_handles_project FOREIGN KEY (project_id) REFERENCES projects (id) ON DELETE SET NULL,
    INDEX ix_handles_account (account_id, handle)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;

-- One row per verification mail issued for a handle: the resend rate limit counts them.
CREATE TABLE handle_verification_mails (
    id          BIGINT   NOT NULL AUTO_INCREMENT PRIMARY KEY,
    handle_id   BIGINT   NOT NULL,
    sent_at     DATETIME NOT NULL,
    CONSTRAINT fk_handle_verification_mails_handle FOREIGN KEY (handle_id) REFERENCES handles (id) ON DELETE CASCADE,
    INDEX ix_handle_verification_mails (handle_id, sent_at)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;

-- Mails written in the transaction of the change that causes them and delivered after commit,
-- retried with backoff until delivered; a delivered mail's row is deleted (it may hold a link).
CREATE TABLE mail_outbox (
    id               BIGINT        NOT NULL AUTO_INCREMENT PRIMARY KEY,
    topic            VARCHAR(100)  NOT NULL,
    recipient        VARCHAR(254)  NOT NULL,
    subject          VARCHAR(200)  NOT NULL,
    body             TEXT          NOT NULL,
    attempts         INT           NOT NULL DEFAULT 0,
    next_attempt_at  DATETIME      NOT NULL,
    last_error       VARCHAR(500)  NULL,
    created_at       DATETIME      NOT NULL,
    INDEX ix_mail_outbox_due (next_attempt_at),
    INDEX ix_mail_outbox_topic (topic)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;
