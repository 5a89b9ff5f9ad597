/**
 * Publication: brings the nameserver (PowerDNS's API or zone files for BIND, NSD, Knot) to the
 * zones' stored state, through an outbox written with each change and drained after commit.
 */
package net.hostingapi.nameserver;
