/**
 * The HTTP edge every area shares: the envelope and the error mapping, reading each request's
 * parameters once and binding them, request ids, callers and client addresses, the database's
 * health check, the OpenAPI document and its Swagger UI page, and the servlet-level path, error
 * page and log handling.
 */
package net.hostingapi.platform.boundary;
