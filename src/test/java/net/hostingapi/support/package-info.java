/**
 * Test helpers that several areas' tests use (the client, the deployment, the database, the
 * nameserver and mail servers, the server log, the OpenAPI operations); a helper that serves one
 * area lives beside its tests.
 */
package net.hostingapi.support;
