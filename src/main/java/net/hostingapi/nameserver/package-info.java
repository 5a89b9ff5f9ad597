/**
 * Publication: the nameserver (PowerDNS's API, or zone files for BIND, NSD, Knot) brought to the
 * zones' stored state through an outbox.
 */
package net.hostingapi.nameserver;
