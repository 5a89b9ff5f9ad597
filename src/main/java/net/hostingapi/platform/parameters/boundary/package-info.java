/** Each request's parameters, read once before matching, bound for the resources. */
package net.hostingapi.platform.parameters.boundary;
