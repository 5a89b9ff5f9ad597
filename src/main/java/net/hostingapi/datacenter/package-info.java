/**
 * The datacenter: the operator's inventory of machines, each an account's, on which that account
 * schedules what the machine does at its next network boot; the machine fetches its iPXE script
 * and menu and reports its progress through public endpoints.
 */
package net.hostingapi.datacenter;
