/** The nameserver's part of {@code /health}: whether it answers, how much waits to be published. */
package net.hostingapi.nameserver.boundary;
