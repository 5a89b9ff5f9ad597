/**
 * DNS zones of an account: their records and the domains assigned to them, and publishing a zone
 * to the nameserver. Names and record data are checked and normalised here with dnsjava (RFC
 * presentation formats), so a zone file written from stored data always loads.
 */
package net.hostingapi.zones;
