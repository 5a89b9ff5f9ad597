/** The security headers of the panel's pages and the home page at {@code /} that links to it. */
package net.hostingapi.panel.boundary;
