/**
 * The persistent zone, its records and record types, assigned domains, SOA settings and pending
 * publications.
 */
package net.hostingapi.zones.entity;
