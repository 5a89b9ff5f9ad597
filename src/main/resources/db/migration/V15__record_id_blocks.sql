-- Record ids come in blocks from a counter row, reserved in a transaction of its own and committed
-- before any id of the block is used (zones.control.RecordIds), instead of from the sequence of V11.
-- A NEXTVAL of that sequence did not survive a crash of MariaDB 11.4 although records inserted with
-- ids of its block, committed after it, did: after the restart the sequence handed out the same
-- block again, and additions failed on duplicate ids (CrashIT, embedded MariaDB: 483 of 18,088
-- writes answered 409). The counter starts past every id given so far, by the sequence or stored.
CREATE TABLE id_blocks (
    name VARCHAR(64) NOT NULL PRIMARY KEY,
    next_id BIGINT NOT NULL
) ENGINE = InnoDB;

INSERT INTO id_blocks (name, next_id)
SELECT 'zone_records', GREATEST(
        (SELECT COALESCE(MAX(id), 0) + 1 FROM zone_records),
        (SELECT next_not_cached_value FROM zone_record_ids));

DROP SEQUENCE zone_record_ids;
