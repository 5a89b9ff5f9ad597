/** The request log with the handlers the application puts on the server's log. */
package net.hostingapi.platform.logging.boundary;
