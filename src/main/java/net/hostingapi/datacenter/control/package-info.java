/**
 * The rules of the datacenter, without HTTP: registering machines to accounts, scheduling,
 * reporting and cancelling server actions, the iPXE scripts and menus, machine addresses and the
 * public request limit.
 */
package net.hostingapi.datacenter.control;
