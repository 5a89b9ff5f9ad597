/**
 * Outgoing mail: a durable outbox, written in the transaction of the change that causes a mail and
 * delivered after commit with retries, by SMTP or as .eml files.
 */
package net.hostingapi.mail;
