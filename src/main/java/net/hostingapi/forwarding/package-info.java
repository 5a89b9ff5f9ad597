/**
 * Web forwarding: HTTP requests for hosts with HTTP_REDIRECT or HTTP_FRAME records, answered by a
 * redirect or a frame.
 */
package net.hostingapi.forwarding;
