/** Where every answer becomes an envelope: the filter, the error mapper, the error page. */
package net.hostingapi.platform.envelope.boundary;
