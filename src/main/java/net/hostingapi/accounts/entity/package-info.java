/**
 * The persistent account, user, project and API token, and the rights a token can carry.
 */
package net.hostingapi.accounts.entity;
