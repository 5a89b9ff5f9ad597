/** A zone's secondaries as clients give them, checked against the operator's address rules and the account's TSIG keys. */
package net.hostingapi.zones.control.secondaries;
