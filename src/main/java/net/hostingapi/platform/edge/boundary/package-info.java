/**
 * Servlet filters at the HTTP edge: path rules, 405 answers, body deadlines, request ids, client
 * addresses.
 */
package net.hostingapi.platform.edge.boundary;
