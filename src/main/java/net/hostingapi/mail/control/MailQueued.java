package net.hostingapi.mail.control;

/** Fired inside the transaction that put mail {@code id} in the outbox; observed after it commits. */
public record MailQueued(long id) {}
