/**
 * The publication outbox's worker with the publishers that write a zone to PowerDNS or to zone
 * files.
 */
package net.hostingapi.nameserver.control;
