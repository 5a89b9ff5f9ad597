/** Transfers on the wire: the change status resource with its representations. */
package net.hostingapi.transfers.boundary;
