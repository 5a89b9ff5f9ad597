/**
 * The HTTP side of the datacenter: the resources and representations of machines and server
 * actions, and the rate limit on the public endpoints machines call.
 */
package net.hostingapi.datacenter.boundary;
