/**
 * Domain handles: the contacts an account registers domains with, each with a verified e-mail
 * address.
 */
package net.hostingapi.handles;
