/**
 * The HTTP side of accounts: the JAX-RS application and the roles it declares, the authentication
 * module (Jakarta Authentication) that turns a token into the container's caller, the filter that answers every refusal
 * in the envelope, and the resources for users, tokens, permissions, projects and customers.
 */
package net.hostingapi.accounts.boundary;
