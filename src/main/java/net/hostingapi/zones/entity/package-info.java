/** The persistent zone with its records, record types, assigned domains, DNSSEC settings. */
package net.hostingapi.zones.entity;
