/** RFC 2136 dynamic updates: zone changes sent as DNS messages signed with a token's TSIG key. */
package net.hostingapi.dnsupdate;
