/** Rate limits that every instance on one database counts together. */
package net.hostingapi.platform.limits;
