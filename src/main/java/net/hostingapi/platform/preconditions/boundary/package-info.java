/** The filter that hands a request's conditional headers to control without HTTP types. */
package net.hostingapi.platform.preconditions.boundary;
