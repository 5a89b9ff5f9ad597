-- Names held by one account (zones and assigned domains) may not equal, lie below or lie above a
-- name another account holds. Two things make that check cheap and race-free:

-- 1. The names read backwards, indexed: the names below x.example are those whose reversed form
--    starts with "elpmaxe.x.", a range of the index instead of a scan of every name.
ALTER TABLE zones
    ADD COLUMN name_reversed VARCHAR(253) AS (REVERSE(name)) PERSISTENT,
    ADD INDEX ix_zones_name_reversed (name_reversed);
ALTER TABLE zone_domains
    ADD COLUMN name_reversed VARCHAR(253) AS (REVERSE(name)) PERSISTENT,
    ADD INDEX ix_zone_domains_name_reversed (name_reversed);

-- 2. One row per name that was ever claimed or lies above one: a claim locks its own row
--    exclusively and the rows of the names above it shared, so a claim and a claim below or above
--    it queue up, while claims of siblings (a.example, b.example) do not wait for each other.
--    Rows are never deleted: they carry no data, only a place to lock.
CREATE TABLE name_locks (
    name  VARCHAR(253)  NOT NULL PRIMARY KEY
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;
