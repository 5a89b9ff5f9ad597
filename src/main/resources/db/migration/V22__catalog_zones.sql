-- The catalog zone (catalog.md): the serial it is served with and the SHA-256 of the content that
-- serial stands for. Written by the publisher holding the catalog name's lock row, which raises the
-- serial when the content it publishes has another digest: so the serial rises with every change
-- of the member zones and never goes back, whichever instance publishes, across restarts.
CREATE TABLE catalog_zones (
    name        VARCHAR(253)  NOT NULL PRIMARY KEY,
    serial      BIGINT        NOT NULL,
    digest      CHAR(64)      NOT NULL,
    changed_at  DATETIME      NOT NULL
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;
