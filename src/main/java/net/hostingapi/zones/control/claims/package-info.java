/** Who may serve a name: the names one account's zones hold, kept from every other account. */
package net.hostingapi.zones.control.claims;
