/**
 * The rules of accounts, without HTTP: checking and issuing tokens, counting failed
 * authentications, the current caller, and managing users, projects, permissions and customers.
 */
package net.hostingapi.accounts.control;
