/** A request as every room sees it: its id, its client address, its servlet object, its start. */
package net.hostingapi.platform.requests.boundary;
