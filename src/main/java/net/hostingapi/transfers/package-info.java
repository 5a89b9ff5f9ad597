/** Zone transfers: the secondaries that follow each zone from the primary the service publishes to. */
package net.hostingapi.transfers;
