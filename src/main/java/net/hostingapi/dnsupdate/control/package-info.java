/** The rules of an UPDATE (its zone, prerequisites and updates) applied to a zone as its key's token. */
package net.hostingapi.dnsupdate.control;
