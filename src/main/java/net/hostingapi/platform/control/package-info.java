/**
 * Rules every area shares, without HTTP: the parameter tree and its binding to records, API errors
 * and message codes, JSON helpers, IP address and e-mail syntax, log redaction, sliding windows and
 * the schema migration.
 */
package net.hostingapi.platform.control;
