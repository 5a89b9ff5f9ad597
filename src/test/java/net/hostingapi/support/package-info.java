/** Test helpers that several areas' tests use; a helper that serves one area lives beside its tests. */
package net.hostingapi.support;
