/**
 * DNS zones of an account: their records and assigned domains, checked and normalised with dnsjava
 * so that a zone written from stored data always loads, and published to the nameserver.
 */
package net.hostingapi.zones;
