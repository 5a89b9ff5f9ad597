/** Each request's parameters: its body read once within a deadline, parsed before matching, bound for the resources. */
package net.hostingapi.platform.parameters.boundary;
