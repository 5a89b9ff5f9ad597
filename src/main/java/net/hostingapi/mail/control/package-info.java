/**
 * The outbox's work: a mail queued with its change, delivered after commit with backoff, by SMTP
 * or as an .eml file.
 */
package net.hostingapi.mail.control;
