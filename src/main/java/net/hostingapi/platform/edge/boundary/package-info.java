/** Servlet filters at the HTTP edge: path rules, 405 answers, malformed URIs, query-only parameters. */
package net.hostingapi.platform.edge.boundary;
