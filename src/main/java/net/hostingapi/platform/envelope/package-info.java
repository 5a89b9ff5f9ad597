/** The envelope every answer is written in, success or failure. */
package net.hostingapi.platform.envelope;
