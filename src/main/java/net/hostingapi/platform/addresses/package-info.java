/** IP addresses as the service reads them: single or as CIDR blocks, in one canonical spelling. */
package net.hostingapi.platform.addresses;
