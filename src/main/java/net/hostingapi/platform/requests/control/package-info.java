/** The address a request really comes from, as a trusted proxy tells it. */
package net.hostingapi.platform.requests.control;
