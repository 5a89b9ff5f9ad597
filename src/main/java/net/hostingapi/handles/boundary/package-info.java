/** Handles on the wire: their resources, representations, the verification link's endpoint. */
package net.hostingapi.handles.boundary;
