/** The history operation under {@code dns/zones}: listing a zone's changes. */
package net.hostingapi.history.boundary;
