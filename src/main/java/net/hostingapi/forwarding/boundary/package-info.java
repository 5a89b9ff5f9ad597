/** The servlet filter that answers a forwarded host with its redirect or frame. */
package net.hostingapi.forwarding.boundary;
