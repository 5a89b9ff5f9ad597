/** The HTTP edge of idempotency keys: reads the header, records each keyed answer, replays it to a retry. */
package net.hostingapi.idempotency.boundary;
