-- Token policies (README, Tokens): what a token may touch beyond its rights. Lists are comma-separated
-- (zone names, relative name patterns, record types, CIDR blocks: none holds a comma); NULL: no limit.
ALTER TABLE api_tokens
    ADD COLUMN policy_zones    TEXT     NULL,
    ADD COLUMN policy_names    TEXT     NULL,
    ADD COLUMN policy_types    TEXT     NULL,
    ADD COLUMN policy_subnets  TEXT     NULL,
    ADD COLUMN max_unused_days INT      NULL,
    ADD COLUMN last_used_at    DATETIME NULL;
