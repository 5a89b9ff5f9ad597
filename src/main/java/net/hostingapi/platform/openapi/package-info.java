/** The OpenAPI document of the API, completed from the code, with Swagger UI over it. */
package net.hostingapi.platform.openapi;
