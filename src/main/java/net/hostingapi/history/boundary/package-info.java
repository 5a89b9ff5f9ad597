/** The history and restore operations under {@code dns/zones}. */
package net.hostingapi.history.boundary;
