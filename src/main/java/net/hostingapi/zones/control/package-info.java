/**
 * The rules of zones, without HTTP: names and record data, creating and editing zones, claimed
 * names, and the events that announce committed changes and refresh requests.
 */
package net.hostingapi.zones.control;
