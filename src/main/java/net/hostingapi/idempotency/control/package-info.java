/** Idempotency keys of accounts, each stored in the transaction of the change it stands for, with the answer it got. */
package net.hostingapi.idempotency.control;
