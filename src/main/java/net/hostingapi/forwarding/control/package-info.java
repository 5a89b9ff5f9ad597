/** Which host forwards where, found in the zones, cached until a zone changes. */
package net.hostingapi.forwarding.control;
