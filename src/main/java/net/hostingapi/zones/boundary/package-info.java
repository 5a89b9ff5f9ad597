/** The HTTP side of zones: their resource and representations. */
package net.hostingapi.zones.boundary;
