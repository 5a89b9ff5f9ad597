/** The outbox, its worker and the publishers that write zones to PowerDNS or to zone files, one name at a time. */
package net.hostingapi.nameserver.control;
