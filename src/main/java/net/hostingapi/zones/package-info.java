/**
 * DNS zones of an account: records, assigned domains, checked with dnsjava so that a zone written
 * from stored data always loads.
 */
package net.hostingapi.zones;
