/** The DNS listener: the sockets, TSIG verification, the answers on the wire. */
package net.hostingapi.dnsupdate.boundary;
