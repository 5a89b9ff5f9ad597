package net.hostingapi.accounts.control;

/**
 * Fired inside the transaction of a change to what a token may do (its policy, its deactivation,
 * its user's rights), so that tokens read before it are read again once it has committed.
 */
public record TokensChanged() {}
