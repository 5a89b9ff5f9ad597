/** Web forwarding: answers HTTP requests for hosts with HTTP_REDIRECT or HTTP_FRAME records. */
package net.hostingapi.forwarding;
