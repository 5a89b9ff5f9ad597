/** Idempotency keys: a write retried with the key of an earlier one is answered that one's answer instead of being made twice. */
package net.hostingapi.idempotency;
