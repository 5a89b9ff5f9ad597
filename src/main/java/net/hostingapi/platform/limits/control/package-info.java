/** Sliding-window rate limits kept in the database. */
package net.hostingapi.platform.limits.control;
