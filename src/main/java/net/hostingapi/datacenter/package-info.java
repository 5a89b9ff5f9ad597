/**
 * Server actions of the datacenter: an account schedules what a machine does at its next
 * network boot (local disk, rescue system, installation); the machine fetches its iPXE script
 * and menu and reports its progress through three public endpoints, found by MAC or IP address.
 */
package net.hostingapi.datacenter;
