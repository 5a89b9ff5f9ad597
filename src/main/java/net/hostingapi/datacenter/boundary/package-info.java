/**
 * The datacenter on the wire: machine resources, server action resources, the public boot
 * endpoints with their rate limit.
 */
package net.hostingapi.datacenter.boundary;
