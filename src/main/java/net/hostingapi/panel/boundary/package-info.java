/**
 * What the server adds to the panel's static files: security headers, compression, the home page
 * at {@code /}.
 */
package net.hostingapi.panel.boundary;
