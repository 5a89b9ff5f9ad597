/** Every change to a zone, each one transaction that announces what it changed. */
package net.hostingapi.zones.control.editing;
