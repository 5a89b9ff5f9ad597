/**
 * The rules of zones, without HTTP: names and record data, creating and editing zones, claimed
 * names, and publishing to the nameserver through the outbox (zone files or PowerDNS's API).
 */
package net.hostingapi.zones.control;
