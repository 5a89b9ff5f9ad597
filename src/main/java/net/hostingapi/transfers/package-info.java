/** Zone transfers to secondaries: which nameservers follow each zone, the catalog zone, and whether each serves the newest serial. */
package net.hostingapi.transfers;
