-- DNSSEC of a zone (issue 20). The private keys stay on the signing nameserver: this holds what
-- the customer asked for, how far the nameserver got, and the public keys with their DS as the
-- nameserver last served them (JSON), so that show and list need not ask the nameserver.
CREATE TABLE zone_dnssec (
    zone_id      BIGINT        NOT NULL PRIMARY KEY,
    enabled      BOOLEAN       NOT NULL,
    state        VARCHAR(16)   NOT NULL,
    unsign_at    DATETIME(3)   NULL,
    public_keys  MEDIUMTEXT    NULL,
    updated_at   DATETIME(3)   NOT NULL,
    INDEX ix_zone_dnssec_state (state, unsign_at),
    CONSTRAINT fk_zone_dnssec_zone FOREIGN KEY (zone_id) REFERENCES zones (id) ON DELETE CASCADE
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;
