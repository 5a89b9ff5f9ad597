/** A failure the caller is told about, with its messages, each with its code. */
package net.hostingapi.platform.envelope.control;
