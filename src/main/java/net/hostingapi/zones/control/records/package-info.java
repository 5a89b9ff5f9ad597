/** Record data: parsed by type with dnsjava, validated, matched for deletion, given ids. */
package net.hostingapi.zones.control.records;
