-- A zone's secondaries (api.md, Secondaries): the nameservers that may transfer it and are sent a
-- NOTIFY on every change, as a JSON array of {"address", "port", "key"} (key: the name of one of
-- the account's TSIG keys, or null). Kept in the zone's row: every answer that shows the zone
-- shows them, and a second table cost every write one more query. NULL: none.
ALTER TABLE zones ADD COLUMN secondaries VARCHAR(4096) NULL;
