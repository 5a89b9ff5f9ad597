/** The secondaries each zone is transferred to, with their TSIG keys opened, as the nameserver is configured from them. */
package net.hostingapi.transfers.control;
