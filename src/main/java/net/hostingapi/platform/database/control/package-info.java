/**
 * Work with MariaDB, one server or a Galera cluster, below every area: schema migration under a
 * startup lock, pooled JDBC, lost lock races repeated, row locks that hold across nodes, transactions
 * that commit only as they began, inserted ids, pool gauges.
 */
package net.hostingapi.platform.database.control;
