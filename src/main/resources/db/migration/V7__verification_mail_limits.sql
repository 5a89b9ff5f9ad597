-- Verification mails are limited per account and per recipient too (README, Domain handles): a row
-- outlives its handle, so that deleting and creating handles does not reset the count, and names
-- the recipient only by the SHA-256 of the lower-cased address, not the address itself.
ALTER TABLE handle_verification_mails
    ADD COLUMN account_id     BIGINT   NULL AFTER handle_id,
    ADD COLUMN recipient_hash CHAR(64) NULL AFTER account_id;

UPDATE handle_verification_mails m JOIN handles h ON h.id = m.handle_id
   SET m.account_id = h.account_id, m.recipient_hash = SHA2(LOWER(h.email), 256);

ALTER TABLE handle_verification_mails DROP FOREIGN KEY fk_handle_verification_mails_handle;

ALTER TABLE handle_verification_mails
    MODIFY handle_id      BIGINT   NULL,
    MODIFY account_id     BIGINT   NOT NULL,
    MODIFY recipient_hash CHAR(64) NOT NULL,
    ADD CONSTRAINT fk_handle_verification_mails_handle FOREIGN KEY (handle_id) REFERENCES handles (id) ON DELETE SET NULL,
    ADD CONSTRAINT fk_handle_verification_mails_account FOREIGN KEY (account_id) REFERENCES accounts (id) ON DELETE CASCADE,
    ADD INDEX ix_handle_verification_mails_account (account_id, sent_at),
    ADD INDEX ix_handle_verification_mails_recipient (recipient_hash, sent_at);
