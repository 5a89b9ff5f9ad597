/** A zone's secondaries as clients give them, checked before they are stored. */
package net.hostingapi.zones.control.secondaries;
