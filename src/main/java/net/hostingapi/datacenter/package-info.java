/** The datacenter: each account's machines, with what each does at its next network boot. */
package net.hostingapi.datacenter;
