/**
 * Accounts, their users, projects and API tokens and the rights a token carries, and the security
 * edge that turns a token into the container's caller and roles; every other area's objects belong
 * to an account.
 */
package net.hostingapi.accounts;
