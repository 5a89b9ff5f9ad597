-- The machine inventory: a machine (its MAC address and IP addresses) belongs to one account, and
-- an account schedules server actions only on its own machines. A MAC address and an IP address
-- belong to at most one machine (unique keys, also against two registrations at the same moment).
CREATE TABLE machines (
    id           BIGINT       NOT NULL AUTO_INCREMENT PRIMARY KEY,
    account_id   BIGINT       NOT NULL,
    mac_address  VARCHAR(17)  NOT NULL,
    hostname     VARCHAR(253) NULL,
    created_at   DATETIME     NOT NULL,
    updated_at   DATETIME     NOT NULL,
    CONSTRAINT uq_machines_mac UNIQUE (mac_address),
    INDEX ix_machines_account (account_id, id),
    CONSTRAINT fk_machines_account FOREIGN KEY (account_id) REFERENCES accounts (id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;

CREATE TABLE machine_addresses (
    address      VARCHAR(45)  NOT NULL PRIMARY KEY,
    machine_id   BIGINT       NOT NULL,
    position     INT          NOT NULL,
    INDEX ix_machine_addresses_machine (machine_id, position),
    CONSTRAINT fk_machine_addresses_machine FOREIGN KEY (machine_id) REFERENCES machines (id) ON DELETE CASCADE
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;

-- An action's machine; NULL for an action scheduled before the inventory that could not be given
-- one (below), or whose machine was removed since (its history stays).
ALTER TABLE server_actions
    ADD COLUMN machine_id BIGINT NULL,
    ADD INDEX ix_server_actions_machine (machine_id),
    ADD CONSTRAINT fk_server_actions_machine FOREIGN KEY (machine_id) REFERENCES machines (id) ON DELETE SET NULL;

-- The move to the inventory, from the actions scheduled before it, without guessing: a machine for
-- each MAC address exactly one account has used, with the IP addresses used with that MAC address
-- and with no other; a MAC address two accounts used, an IP address two MAC addresses used, and a
-- machine left without an address get nothing. Their actions stay unlinked and keep working until
-- they end (README, "Moving to the machine inventory", lists them for the operator).
INSERT INTO machines (account_id, mac_address, hostname, created_at, updated_at)
SELECT MIN(account_id), mac_address, NULL, MIN(created_at), UTC_TIMESTAMP()
  FROM server_actions
 GROUP BY mac_address
HAVING COUNT(DISTINCT account_id) = 1;

INSERT INTO machine_addresses (address, machine_id, position)
SELECT s.address, MIN(m.id), 0
  FROM server_actions s
  JOIN machines m ON m.mac_address = s.mac_address
 WHERE s.address IN (SELECT address FROM server_actions GROUP BY address HAVING COUNT(DISTINCT mac_address) = 1)
 GROUP BY s.address;

DELETE FROM machines WHERE id NOT IN (SELECT machine_id FROM machine_addresses);

UPDATE server_actions s
  JOIN machines m ON m.mac_address = s.mac_address AND m.account_id = s.account_id
   SET s.machine_id = m.id;

-- The operator's new right, MACHINES_CRUD, for the users and tokens that hold the operator's other
-- right: the bootstrap token keeps reaching every operator endpoint.
UPDATE users SET right_keys = CONCAT(right_keys, ',MACHINES_CRUD')
 WHERE FIND_IN_SET('CUSTOMERS_CREATE', right_keys) > 0 AND FIND_IN_SET('MACHINES_CRUD', right_keys) = 0;
UPDATE api_tokens SET right_keys = CONCAT(right_keys, ',MACHINES_CRUD')
 WHERE FIND_IN_SET('CUSTOMERS_CREATE', right_keys) > 0 AND FIND_IN_SET('MACHINES_CRUD', right_keys) = 0;
