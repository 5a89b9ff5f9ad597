/**
 * Field rules every area shares: lengths in code points, control characters, e-mail addresses, the
 * order a 422 names fields in.
 */
package net.hostingapi.platform.validation.control;
