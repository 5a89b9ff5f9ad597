/**
 * The rules of accounts, without HTTP: tokens issued, checked, limited; users, projects,
 * permissions, customers managed.
 */
package net.hostingapi.accounts.control;
