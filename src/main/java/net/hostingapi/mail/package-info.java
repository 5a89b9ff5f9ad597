/**
 * Outgoing mail: a durable outbox written in the transaction of the change that causes a mail,
 * delivered after commit and retried with backoff, through the container's Jakarta Mail session
 * when SMTP is configured, or as .eml files in a directory when it is not.
 */
package net.hostingapi.mail;
