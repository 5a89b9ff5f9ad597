-- The RRsets a change of records touched ("owner TYPE" per line, owner relative to the zone), so
-- that publishing it sends those and the SOA rather than the whole zone; NULL: publish the whole name.
ALTER TABLE nameserver_outbox ADD COLUMN rrsets TEXT NULL;
