/**
 * The rules of the history, without HTTP: each change recorded in its own transaction, read back,
 * restored, pruned.
 */
package net.hostingapi.history.control;
