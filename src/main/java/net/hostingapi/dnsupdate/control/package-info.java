/** The rules of RFC 2136 UPDATEs, applied to a zone as the token whose TSIG key signed them. */
package net.hostingapi.dnsupdate.control;
