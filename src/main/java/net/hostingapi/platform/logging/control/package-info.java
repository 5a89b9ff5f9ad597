/**
 * Log records formatted, redacted, queued off the request thread, noise counted instead of logged.
 */
package net.hostingapi.platform.logging.control;
