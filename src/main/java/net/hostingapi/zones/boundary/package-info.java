/** Zones on the wire: their resources, representations, rendered answers. */
package net.hostingapi.zones.boundary;
