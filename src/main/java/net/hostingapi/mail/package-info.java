/**
 * Outgoing mail through a durable outbox, written with the change that causes a mail, delivered
 * after commit.
 */
package net.hostingapi.mail;
