/** Recording changes in their transaction, reading them, restoring a zone, pruning old entries. */
package net.hostingapi.history.control;
