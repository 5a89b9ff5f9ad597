/** What the HTTP side of a rate limit marks: the operations a per-address limit counts. */
package net.hostingapi.platform.limits.boundary;
