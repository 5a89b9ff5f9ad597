/**
 * The rules of the datacenter, without HTTP: the machine inventory, server actions, the iPXE
 * scripts machines fetch.
 */
package net.hostingapi.datacenter.control;
