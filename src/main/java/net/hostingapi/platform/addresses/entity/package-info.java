/**
 * IP address literals with CIDR blocks, parsed without name lookups, written in one canonical
 * spelling.
 */
package net.hostingapi.platform.addresses.entity;
