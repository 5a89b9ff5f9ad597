/** The history operations under {@code dns/zones}: listing changes, restoring a zone. */
package net.hostingapi.history.boundary;
