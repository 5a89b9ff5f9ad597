/**
 * Rules every area shares, without HTTP: the parameter tree and its binding to records, API errors
 * and message codes, JSON helpers, IP address and e-mail syntax, log redaction, sliding windows,
 * the schema migration and how EclipseLink reads the ids of inserted rows.
 */
package net.hostingapi.platform.control;
