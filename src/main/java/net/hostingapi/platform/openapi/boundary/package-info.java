/** The OpenAPI document's servlets with what the code adds to Payara's document. */
package net.hostingapi.platform.openapi.boundary;
