-- On a Galera cluster a locking read (SELECT ... FOR UPDATE, LOCK IN SHARE MODE, SKIP LOCKED) locks
-- on the node that runs it only; two transactions on two nodes conflict only where both write the
-- same row, found when the second commits (certification failure, error 1213). Every holder of a
-- lock row therefore writes it: claims and publishers of a name raise its name_locks row's
-- lock_generation, a request counting an account's mails raises the account's. On one server the
-- write is the exclusive lock the locking read was.
ALTER TABLE name_locks ADD COLUMN lock_generation BIGINT NOT NULL DEFAULT 0;
ALTER TABLE accounts ADD COLUMN lock_generation BIGINT NOT NULL DEFAULT 0;
