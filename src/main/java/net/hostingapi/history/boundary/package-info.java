/** The history operations under {@code dns/zones}: listing a zone's changes, restoring a zone. */
package net.hostingapi.history.boundary;
