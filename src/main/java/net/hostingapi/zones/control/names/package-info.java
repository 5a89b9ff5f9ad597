/** Zone names, record names, host names, each in one normalised spelling. */
package net.hostingapi.zones.control.names;
