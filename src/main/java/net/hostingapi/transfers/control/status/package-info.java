/** A zone's change status: the serial each of its nameservers answers over DNS, against the stored one. */
package net.hostingapi.transfers.control.status;
