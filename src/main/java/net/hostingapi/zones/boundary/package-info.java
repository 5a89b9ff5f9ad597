/**
 * The HTTP side of zones: their resource and representations, the web forwarder for HTTP_REDIRECT
 * and HTTP_FRAME records, and the nameserver's health check.
 */
package net.hostingapi.zones.boundary;
