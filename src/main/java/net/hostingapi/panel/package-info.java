/**
 * The customer panel: a zone editor in the browser, static files under {@code /app/} that use only
 * the public API.
 */
package net.hostingapi.panel;
