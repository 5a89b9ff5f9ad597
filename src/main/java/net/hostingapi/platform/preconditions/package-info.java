/** Conditional requests: entity tags, If-Match, If-None-Match (RFC 9110, section 13). */
package net.hostingapi.platform.preconditions;
