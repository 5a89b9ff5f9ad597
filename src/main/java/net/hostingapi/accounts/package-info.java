/**
 * Accounts, their users, projects and API tokens, and the rights a token carries. Holds the
 * security edge: the Jakarta Security mechanism that turns a token into the container's caller
 * and roles (so {@code @RolesAllowed} holds on resources and EJBs alike), and the request filter
 * that answers every refusal in the envelope. Every other area's objects belong to an account.
 */
package net.hostingapi.accounts;
