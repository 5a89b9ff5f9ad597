/**
 * DNS zones of an account: their records and assigned domains, checked and normalised with dnsjava
 * so that a zone written from stored data always loads; each committed change is announced
 * ({@link net.hostingapi.zones.control.ZonesChanged}) for publication and web forwarding to act on.
 */
package net.hostingapi.zones;
