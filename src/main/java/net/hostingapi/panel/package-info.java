/**
 * The customer panel: a zone editor in the browser, static files under {@code /app/} that use
 * nothing but the public API, and what the server adds to them (security headers, the home page).
 */
package net.hostingapi.panel;
