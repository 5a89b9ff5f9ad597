/**
 * The HTTP side of server actions: their resource and representations, and the rate limit on the
 * public endpoints machines call.
 */
package net.hostingapi.datacenter.boundary;
