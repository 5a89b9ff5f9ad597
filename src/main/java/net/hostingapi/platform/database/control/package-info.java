/**
 * Work with MariaDB below every area: schema migration, pooled JDBC, deadlock retries, inserted
 * ids, pool gauges.
 */
package net.hostingapi.platform.database.control;
