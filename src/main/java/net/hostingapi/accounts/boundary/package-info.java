/**
 * Accounts on the wire: token authentication, refusals in the envelope, the resources of users,
 * tokens, projects, customers.
 */
package net.hostingapi.accounts.boundary;
