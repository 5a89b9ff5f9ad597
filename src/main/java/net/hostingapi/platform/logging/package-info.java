/** The service's log: one line per request, JSON lines for shippers, secrets kept out. */
package net.hostingapi.platform.logging;
