/** DNSSEC of a customer's zones as stored: what is asked for, what the configuration allows. */
package net.hostingapi.zones.control.dnssec;
