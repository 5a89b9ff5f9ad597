/** Request parameters: one tree from any method or body format, bound to typed records. */
package net.hostingapi.platform.parameters;
