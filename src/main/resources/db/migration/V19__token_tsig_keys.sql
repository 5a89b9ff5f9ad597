-- A token's TSIG key (RFC 8945; api.md, TSIG keys): its name, unique across the service, names the
-- token to a nameserver; its secret is sealed with TSIG_KEY_ENCRYPTION_KEY (AES-256-GCM: 12 bytes of
-- nonce, the ciphertext, 16 bytes of tag), never stored in the clear. NULL: the token has no key.
ALTER TABLE api_tokens
    ADD COLUMN tsig_name        VARCHAR(255)   NULL,
    ADD COLUMN tsig_algorithm   VARCHAR(32)    NULL,
    ADD COLUMN tsig_secret      VARBINARY(128) NULL,
    ADD CONSTRAINT uq_api_tokens_tsig_name UNIQUE (tsig_name);
