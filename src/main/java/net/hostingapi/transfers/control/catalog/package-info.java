/** The catalog zone (RFC 9432, version 2) that lists every zone the service serves for the operator's secondaries. */
package net.hostingapi.transfers.control.catalog;
