/** The DNS listener: UDP and TCP sockets, TSIG verification and the answers on the wire. */
package net.hostingapi.dnsupdate.boundary;
