/** The persistent account with its users, projects, API tokens, rights. */
package net.hostingapi.accounts.entity;
