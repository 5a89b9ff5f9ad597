/** The servlet filter that answers forwarded hosts with a redirect or a frame. */
package net.hostingapi.forwarding.boundary;
