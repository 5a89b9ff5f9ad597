/**
 * Who may call the service: accounts, their users, projects, API tokens with the rights each
 * carries.
 */
package net.hostingapi.accounts;
