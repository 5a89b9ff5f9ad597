/**
 * The outbox's rules: queueing a mail with the change that causes it, delivering it after commit
 * with backoff, and sending it by SMTP or writing it as an .eml file.
 */
package net.hostingapi.mail.control;
