/** What the operator configures for zones: defaults, limits, the nameservers a zone names. */
package net.hostingapi.zones.control.settings;
