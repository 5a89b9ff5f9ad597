-- How a zone change came (README, Change history): over HTTP, or as an RFC 2136 UPDATE signed with a
-- token's TSIG key, whose name is kept beside the token's id. Existing entries all came over HTTP.
ALTER TABLE zone_history
    ADD COLUMN via      VARCHAR(16)  NOT NULL DEFAULT 'http' AFTER address,
    ADD COLUMN tsig_key VARCHAR(255) NULL AFTER via;
