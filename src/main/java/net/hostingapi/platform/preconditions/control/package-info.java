/** The request's If-Match or If-None-Match, compared with an object's current tag under its lock. */
package net.hostingapi.platform.preconditions.control;
