/**
 * The rules of server actions, without HTTP: scheduling, reporting and cancelling, the iPXE scripts
 * and menus, machine addresses and the public request limit.
 */
package net.hostingapi.datacenter.control;
