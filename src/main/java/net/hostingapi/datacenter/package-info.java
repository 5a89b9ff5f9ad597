/**
 * Server actions of the datacenter: an account schedules what a machine does at its next network
 * boot, and the machine fetches its iPXE script and menu and reports its progress through public
 * endpoints.
 */
package net.hostingapi.datacenter;
