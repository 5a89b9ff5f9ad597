-- A verification mail that would exceed the limit of its address is held back, not refused (README,
-- Domain handles): deliver_at is when it goes out, sent_at stays when it was asked for (what the
-- limits per handle and per account count). NULL: withdrawn before it went, it holds no place.
ALTER TABLE handle_verification_mails
    ADD COLUMN deliver_at DATETIME NULL AFTER sent_at;

UPDATE handle_verification_mails SET deliver_at = sent_at;

ALTER TABLE handle_verification_mails
    ADD INDEX ix_handle_verification_mails_delivery (recipient_hash, deliver_at),
    DROP INDEX ix_handle_verification_mails_recipient;
