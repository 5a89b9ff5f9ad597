/**
 * The rules of zones, without HTTP: reading zones, the token policy on them, zone settings, the
 * events that announce a change.
 */
package net.hostingapi.zones.control;
