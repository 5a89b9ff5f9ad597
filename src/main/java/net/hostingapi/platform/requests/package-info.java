/** A request as every room sees it, from its first filter on. */
package net.hostingapi.platform.requests;
